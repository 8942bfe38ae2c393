import type { FileStorage } from './file-storage.js';

/** A configured storage source: what the client sees and where its files live. */
export interface FileSource {
  name: string;
  title: string;
  /** URL prefix the client puts before a file path; may be path-only. */
  baseurl: string;
  storage: FileStorage;
}

/** The sources of one file connector instance, in configuration order. */
export interface FileSources {
  all(): readonly FileSource[];
}
