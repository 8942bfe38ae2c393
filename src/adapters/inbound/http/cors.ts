import cors from 'cors';
import type { RequestHandler } from 'express';

export type AllowedOrigins = string | readonly string[];

const ALLOWED_HEADERS = ['Content-Type', 'Authorization', 'X-API-Key', 'X-Requested-With', 'X-Provider-Key', 'X-Request-Id'];
const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Content-Disposition'];

const toMatcher = (pattern: string): ((origin: string) => boolean) => {
  if (pattern === '*') return () => true;
  const regex = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (regex) {
    const compiled = new RegExp(regex[1]!, regex[2]);
    return (origin) => compiled.test(origin);
  }
  const exact = pattern.replace(/\/$/, '');
  return (origin) => origin === exact;
};

export const originMatcher = (allowed: AllowedOrigins): ((origin: string) => boolean) => {
  const matchers = (typeof allowed === 'string' ? [allowed] : allowed).map(toMatcher);
  return (origin) => matchers.some((match) => match(origin));
};

/**
 * CORS before anything else. A disallowed origin gets no CORS headers (the
 * browser blocks it), and its preflight is answered 403 outright.
 */
export const corsPolicy = (allowed: AllowedOrigins): RequestHandler[] => {
  const isAllowed = originMatcher(allowed);
  const wildcard = typeof allowed === 'string' && allowed === '*';
  const rejectForeignPreflight: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    if (req.method === 'OPTIONS' && origin && !isAllowed(origin)) {
      res.status(403).json({ success: false, error: { code: 403, message: 'Origin not allowed' } });
      return;
    }
    next();
  };
  return [
    rejectForeignPreflight,
    cors({
      origin: wildcard ? '*' : (origin, callback) => callback(null, origin ? isAllowed(origin) : false),
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      methods: ['GET', 'POST', 'OPTIONS'],
      credentials: !wildcard,
      maxAge: 600,
    }),
  ];
};
