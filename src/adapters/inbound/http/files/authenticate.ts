import type { Request } from 'express';
import { jwtVerify } from 'jose';
import { UnauthenticatedError } from '../../../../domain/errors.js';

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

/** Runs the callback; anything it throws, or a non-role answer, is a 401 and never leaks its message. */
export const resolveRole = async (check: CheckAuthentication, req: Request, defaultRole: string): Promise<string> => {
  let role: unknown;
  try {
    role = await check(req);
  } catch (error) {
    throw error instanceof UnauthenticatedError ? error : new UnauthenticatedError();
  }
  if (role === undefined || role === null || role === '') return defaultRole;
  if (typeof role !== 'string') throw new UnauthenticatedError();
  return role;
};
