import type { Request, RequestHandler } from 'express';
import type { AuthenticateClient } from '../../../../application/ai/authenticate-client.js';

/** The client key from `Authorization: Bearer`, `X-API-Key`, or `?key=` (what the Jodit client sends), in that order. */
export const clientKeyOf = (req: Request): string | undefined => {
  const bearer = req.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  const query = req.query.key;
  return bearer ?? req.get('x-api-key') ?? (typeof query === 'string' ? query : undefined);
};

/**
 * Runs `AuthenticateClient` and leaves `res.locals.apiKey` and
 * `res.locals.userId` for what follows (the rate limiter keys by them;
 * the request log shows a prefix of `res.locals.clientKey`).
 */
export const authenticateClient =
  (useCase: AuthenticateClient): RequestHandler =>
  async (req, res, next) => {
    const referer = req.get('referer') ?? req.get('origin');
    const identity = await useCase.execute({ request: req, ...(referer ? { referer } : {}), ...(clientKeyOf(req) ? { apiKey: clientKeyOf(req)! } : {}) });
    res.locals.apiKey = identity.apiKey;
    res.locals.clientKey = identity.apiKey;
    if (identity.userId) res.locals.userId = identity.userId;
    next();
  };
