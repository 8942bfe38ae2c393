import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import ipaddr from 'ipaddr.js';
import type { ConsumeRateLimit } from '../../../application/rate-limit/consume-rate-limit.js';
import { RateLimitedError, type RateLimitDecision } from '../../../domain/rate-limit.js';

/**
 * The client an address stands for: IPv4 as is (IPv4-mapped IPv6 unwrapped),
 * IPv6 by its /64, since one host usually holds a whole /64 and could rotate
 * through it. `req.ip` already honours `trustProxy` (X-Forwarded-For).
 */
export const clientAddress = (ip: string | undefined): string => {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
};

/** Client keys are secrets: only a fingerprint of one is kept by the limiter. */
const fingerprint = (secret: string): string => createHash('sha256').update(secret).digest('base64url').slice(0, 22);

/** Whom a request is counted against: the user id, else the client key, else the address. */
export const clientRateLimitKey = (client: { userId?: unknown; apiKey?: unknown; ip: string | undefined }): string => {
  const { userId, apiKey } = client;
  if (typeof userId === 'string' && userId !== '') return `user:${userId}`;
  if (typeof apiKey === 'string' && apiKey !== '') return `key:${fingerprint(apiKey)}`;
  return `ip:${clientAddress(client.ip)}`;
};

export const rateLimitKey = (req: Request, res: Response): string =>
  clientRateLimitKey({ ...(res.locals as { userId?: unknown; apiKey?: unknown }), ip: req.ip });

const toSeconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

const setLimitHeaders = (res: Response, decision: RateLimitDecision): void => {
  if (decision.degraded) return; // the backend was not asked: there are no true numbers to show
  res.set('X-RateLimit-Limit', String(decision.limit));
  res.set('X-RateLimit-Remaining', String(decision.remaining));
  res.set('X-RateLimit-Reset', String(toSeconds(decision.resetMs)));
};

/**
 * Counts the request and sets the limit headers. A refusal also sets
 * `Retry-After` (seconds) and is rethrown for the caller's error envelope.
 */
export const consumeForRequest = async (consume: ConsumeRateLimit, req: Request, res: Response): Promise<void> => {
  try {
    setLimitHeaders(res, await consume.execute({ key: rateLimitKey(req, res) }));
  } catch (error) {
    if (error instanceof RateLimitedError) {
      setLimitHeaders(res, error.decision);
      res.set('Retry-After', String(Math.max(1, toSeconds(error.decision.retryAfterMs ?? error.decision.resetMs))));
    }
    throw error;
  }
};

/** Express middleware form; `sendError` writes the service's own error envelope. */
export const rateLimitRequests =
  (consume: ConsumeRateLimit, sendError: (res: Response, error: unknown) => void): RequestHandler =>
  async (req: Request, res: Response, next: NextFunction) => {
    try {
      await consumeForRequest(consume, req, res);
    } catch (error) {
      sendError(res, error);
      return;
    }
    next();
  };
