import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Reuses a well-formed incoming `X-Request-Id` (from a proxy), else makes one; echoes it. */
export const requestId = (): RequestHandler => (req, res, next) => {
  const incoming = req.get('x-request-id');
  const id = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};
