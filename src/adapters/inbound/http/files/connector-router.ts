import { Router } from 'express';
import type { FileStorage } from '../../../../ports/file-storage.js';
import { serveSourceFiles } from '../static-files.js';
import { serveStorageFiles } from '../storage-files.js';
import type { FilesHttpOptions } from './action.js';
import { createFilesRouter } from './router.js';

/** Where a source's files are served, relative to the router's own mount point. */
export interface SourceFilesMount {
  urlPath: string;
  /** A local folder (served from disk) … */
  root?: string;
  /** … or any other storage (streamed through its port). */
  storage?: FileStorage;
}

/**
 * The file connector as one router an embedder mounts where it likes: the
 * source files first, then `/?action=…` and `/ping`. Requests it does not
 * answer fall through to the host app.
 */
export const createFileConnectorRouter = (options: FilesHttpOptions & { fileMounts: readonly SourceFilesMount[] }): Router => {
  const router = Router();
  for (const mount of options.fileMounts) {
    if (mount.root) router.use(mount.urlPath, serveSourceFiles(mount.root));
    else if (mount.storage) router.use(mount.urlPath, serveStorageFiles(mount.storage));
  }
  router.use(createFilesRouter(options));
  return router;
};
