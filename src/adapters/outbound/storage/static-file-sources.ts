import type { FileSource, FileSources } from '../../../ports/file-sources.js';

/** A fixed list of sources, built once from configuration. */
export class StaticFileSources implements FileSources {
  constructor(private readonly sources: readonly FileSource[]) {}

  all(): readonly FileSource[] {
    return this.sources;
  }
}
