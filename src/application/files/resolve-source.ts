import { NotFoundError } from '../../domain/errors.js';
import type { FileSource, FileSources } from '../../ports/file-sources.js';

/**
 * The source an action works on: the named one; for `default` with no source
 * of that name, or no name at all, the first one.
 */
export const resolveSource = (sources: FileSources, name: string | undefined): FileSource => {
  const all = sources.all();
  const found = name ? all.find((source) => source.name === name) : undefined;
  if (found) return found;
  if ((!name || name === 'default') && all[0]) return all[0];
  throw new NotFoundError(name ? `Unknown source "${name}"` : 'No source is configured');
};

/** For listings: every source when none is named, else the one resolved as above. */
export const resolveSourcesForListing = (sources: FileSources, name: string | undefined): readonly FileSource[] =>
  name ? [resolveSource(sources, name)] : sources.all();
