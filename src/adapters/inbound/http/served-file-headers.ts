import type { ServerResponse } from 'node:http';

const ACTIVE_CONTENT = /\.(svg|svgz|html?|xhtml|xml|js|mjs)$/i;

/** Nothing served from a source may run script: `nosniff`, a sandbox CSP, and active types as attachments. */
export const setServedFileHeaders = (res: ServerResponse, fileName: string): void => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (ACTIVE_CONTENT.test(fileName)) res.setHeader('Content-Disposition', 'attachment');
};
