import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { keyPrefix, safeUrl } from './redact.js';

interface SerializedRequest {
  method: string;
  url: string;
}

/**
 * One JSON line per request: request id, method, path (secret query values
 * replaced), status, duration, and who asked (`role`, `userId`, a client-key
 * prefix) as the routes found them. Headers and bodies are never logged, so
 * no Authorization, cookie, `X-API-Key` or `X-Provider-Key` can reach a line.
 * Routes that log through `req.log` get the request id on their lines too.
 */
export const requestLog = (logger: Logger): RequestHandler =>
  pinoHttp({
    logger,
    genReqId: (_req, res) => (res as Response).locals.requestId as string,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    serializers: {
      req: (req: SerializedRequest) => ({ method: req.method, url: safeUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customProps: (_req, res) => {
      const locals = (res as Response).locals;
      return {
        ...(typeof locals.role === 'string' ? { role: locals.role } : {}),
        ...(locals.userId !== undefined ? { userId: String(locals.userId) } : {}),
        ...(typeof locals.clientKey === 'string' ? { clientKey: keyPrefix(locals.clientKey) } : {}),
      };
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // pino-http makes up an error for any 5xx without a cause ("failed with status code 502") whose
    // stack shows only its own frames; a known 5xx (provider down, disk full) needs no stack.
    customErrorObject: (_req, res, error, value: Record<string, unknown>) => {
      if ((res as { err?: Error }).err || !error.message.startsWith('failed with status code')) return value;
      const { err: _madeUp, ...rest } = value;
      return rest;
    },
  });
