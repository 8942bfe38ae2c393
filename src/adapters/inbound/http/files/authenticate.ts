import type { Request } from 'express';
import { jwtVerify } from 'jose';
import { UnauthenticatedError } from '../../../../domain/errors.js';
import { answerWithin } from '../../../../domain/time-limit.js';

/** How long a role callback may take before the request is refused (`files.authTimeoutMs`). */
export const DEFAULT_AUTH_TIMEOUT_MS = 10_000;

/** The embedder's callback: request in, role out (directly or as a promise). Throwing means 401. */
export type CheckAuthentication = (req: Request) => string | Promise<string>;

export type FilesAuthConfig =
  | { type: 'none' }
  | { type: 'jwt'; secret: string; roleClaim: string; cookie: string };

const noAuthentication =
  (defaultRole: string): CheckAuthentication =>
  () =>
    defaultRole;

/** HS256 token from `Authorization: Bearer` or a cookie; no token means the default role. */
const jwtAuthentication = (config: Extract<FilesAuthConfig, { type: 'jwt' }>, defaultRole: string): CheckAuthentication => {
  const key = new TextEncoder().encode(config.secret);
  return async (req) => {
    const header = req.get('authorization');
    const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1];
    const token = bearer ?? (req.cookies as Record<string, string> | undefined)?.[config.cookie];
    if (!token) return defaultRole;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const role = payload[config.roleClaim];
      if (typeof role !== 'string' || role === '') throw new Error('no role claim');
      return role;
    } catch {
      throw new UnauthenticatedError('Invalid or expired token');
    }
  };
};

export const authenticatorFromConfig = (config: FilesAuthConfig, defaultRole: string): CheckAuthentication =>
  config.type === 'jwt' ? jwtAuthentication(config, defaultRole) : noAuthentication(defaultRole);

/**
 * Runs the callback; anything it throws, a non-role answer, or no answer
 * within `timeoutMs` (a user store that hangs) is a 401 that never leaks
 * its message. A late answer of a callback that timed out is ignored.
 */
export const resolveRole = async (check: CheckAuthentication, req: Request, defaultRole: string, timeoutMs = DEFAULT_AUTH_TIMEOUT_MS): Promise<string> => {
  let role: unknown;
  try {
    role = await answerWithin(Promise.resolve().then(() => check(req)), timeoutMs, () => new UnauthenticatedError('Authentication timed out'));
  } catch (error) {
    throw error instanceof UnauthenticatedError ? error : new UnauthenticatedError();
  }
  if (role === undefined || role === null || role === '') return defaultRole;
  if (typeof role !== 'string') throw new UnauthenticatedError();
  return role;
};
