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
}
