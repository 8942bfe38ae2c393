import { realpath } from 'node:fs/promises';
import path from 'node:path';
import express, { Router } from 'express';
import { THUMBNAIL_FOLDER } from '../../../domain/files/file-entry.js';
import { setServedFileHeaders } from './served-file-headers.js';

/** A dot segment is hidden and never served; only the thumbnail folder, as a folder, is an exception. */
const isHidden = (part: string, index: number, parts: string[]): boolean =>
  part.startsWith('.') && !(part === THUMBNAIL_FOLDER && index < parts.length - 1);

const isInside = (root: string, candidate: string): boolean => candidate === root || candidate.startsWith(root + path.sep);

/**
 * Serves a local source's files at its path-only baseurl. A symlink leading
 * out of the root is treated as absent, and nothing served may run script:
 * `nosniff`, a sandbox CSP, and active types as attachments.
 */
export const serveSourceFiles = (root: string): Router => {
  const router = Router();
  const rootReal = realpath(root).catch(() => path.resolve(root));
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const notFound = () => res.status(404).json({ success: false, data: { code: 404, messages: ['File not found'] } });
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return notFound();
    }
    if (decoded.includes('\0') || decoded.split('/').some(isHidden)) return notFound();
    const base = await rootReal;
    try {
      if (!isInside(base, await realpath(path.join(base, decoded)))) return notFound();
    } catch {
      return notFound();
    }
    next();
  });
  router.use(
    express.static(root, {
      dotfiles: 'allow', // hidden segments were refused above, the thumbnail folder let through
      index: false,
      redirect: false,
      setHeaders: setServedFileHeaders,
    }),
  );
  return router;
};
