import type { StoredEntry } from '../domain/files/file-entry.js';
import type { SafePath } from '../domain/files/safe-path.js';

/**
 * The files of one source. Every path is relative to the source's root and
 * already validated; an adapter must still refuse anything (a symlink, say)
 * that would lead outside its root.
 *
 * Errors: `NotFoundError` when a path does not exist, `AlreadyExistsError`
 * when a target is taken; anything else is an unexpected failure.
 */
export interface FileStorage {
  /** The entries directly inside a folder, in no particular order. */
  list(folder: SafePath): Promise<StoredEntry[]>;

  /** The entry at `path`, or undefined when nothing is there. */
  stat(path: SafePath): Promise<StoredEntry | undefined>;

  /** Creates a folder inside an existing parent; `AlreadyExistsError` when the name is taken. */
  createFolder(path: SafePath): Promise<void>;

  /** Opens a file for reading; resolves once it is open, so a missing file fails before any byte is sent. */
  read(path: SafePath): Promise<AsyncIterable<Uint8Array>>;

  /**
   * Writes a file from a stream without ever exposing a partial one: the bytes
   * go to a hidden temporary name that is renamed into place when complete.
   * Never replaces an existing file unless `overwrite`. On any failure — the
   * stream errors (a client abort), `maxBytes` is exceeded (`TooLargeError`),
   * the disk is full — nothing is left behind.
   */
  write(path: SafePath, content: AsyncIterable<Uint8Array>, options?: WriteOptions): Promise<WriteResult>;

  /** Removes one file (a symlink is removed itself, never what it points to). */
  remove(path: SafePath): Promise<void>;

  /** Removes a folder and everything in it. */
  removeFolder(path: SafePath): Promise<void>;

  /** Moves or renames a file or folder; the target must not exist and its parent must. */
  move(from: SafePath, to: SafePath): Promise<void>;
}

export interface WriteOptions {
  maxBytes?: number;
  overwrite?: boolean;
  /**
   * When the name is taken, store under the first free `name-1.ext`,
   * `name-2.ext`, … instead of failing; chosen atomically, so concurrent
   * writers of one name each keep their own file.
   */
  numberOnConflict?: boolean;
}

export interface WriteResult {
  size: number;
  /** Where the file was stored: `path`, or a numbered sibling of it. */
  path: SafePath;
}
