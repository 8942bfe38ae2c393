import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { lookup } from 'mime-types';
import type { FileAction } from '../action.js';
import { stringParam } from '../params.js';

/** Types a browser would run or render as a page: always sent as a download, never inline. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|application\/pdf|text\/plain|audio\/|video\/)/;

/** `fileDownload`: streams one file with safe headers (`nosniff`, attachment unless inert). */
export const downloadAction: FileAction = {
  name: 'fileDownload',
  readOnly: true,
  async handle({ res, role, params, options }) {
    const file = await options.useCases.downloadFile.execute({
      role,
      source: stringParam(params, 'source') || undefined,
      path: stringParam(params, 'path'),
      name: stringParam(params, 'name'),
    });
    const type = lookup(file.name.value) || 'application/octet-stream';
    res.status(200);
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Last-Modified', file.modifiedAt.toUTCString());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    const disposition = INLINE_SAFE.test(type) && stringParam(params, 'inline') === 'true' ? 'inline' : 'attachment';
    res.setHeader('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name.value)}`);
    await pipeline(Readable.from(file.content), res);
    return undefined;
  },
};
