import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { contentType } from 'mime-types';
import { isDomainError } from '../../../domain/errors.js';
import { SafePath } from '../../../domain/files/safe-path.js';
import type { FileStorage } from '../../../ports/file-storage.js';
import { setServedFileHeaders } from './served-file-headers.js';

const notFound = (res: Response) => res.status(404).json({ success: false, data: { code: 404, messages: ['File not found'] } });

const pathOf = (urlPath: string): SafePath | undefined => {
  try {
    const path = SafePath.parse(decodeURIComponent(urlPath));
    return path.isRoot || path.segments.some((s) => s.isHidden) ? undefined : path;
  } catch {
    return undefined;
  }
};

/**
 * Serves a source's files at its path-only baseurl through the `FileStorage`
 * port, for storage this process cannot hand to `express.static` (S3): the
 * object is streamed from storage to the client, never buffered.
 */
export const serveStorageFiles = (storage: FileStorage): Router => {
  const router = Router();
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = pathOf(req.path);
    if (!path) return notFound(res);
    try {
      const entry = await storage.stat(path);
      if (entry?.kind !== 'file') return notFound(res);
      const content = req.method === 'HEAD' ? undefined : await storage.read(path);
      setServedFileHeaders(res, entry.name.value);
      res.setHeader('Content-Type', contentType(entry.name.value) || 'application/octet-stream');
      res.setHeader('Content-Length', String(entry.size));
      res.setHeader('Last-Modified', entry.modifiedAt.toUTCString());
      if (!content) return res.end();
      await pipeline(Readable.from(content), res);
    } catch (error) {
      if (res.headersSent) return res.destroy(); // the client went away, or storage failed mid-stream
      if (isDomainError(error) && error.code === 'FILES.NOT_FOUND') return notFound(res);
      res.err = error instanceof Error ? error : new Error(String(error)); // pino-http logs it with the request
      res.status(500).json({ success: false, data: { code: 500, messages: ['Internal server error'] } });
    }
  });
  return router;
};
