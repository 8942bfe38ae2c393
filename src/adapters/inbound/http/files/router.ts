import cookieParser from 'cookie-parser';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { InvalidInputError, DomainError } from '../../../../domain/errors.js';
import { keepCauseForLog, toHttpFailure } from '../error-status.js';
import { consumeForRequest } from '../rate-limit.js';
import type { FilesHttpOptions } from './action.js';
import { FILE_ACTIONS } from './actions/index.js';
import { resolveRole } from './authenticate.js';
import { mergedParams, stringParam } from './params.js';
import { serveIcon } from './icons.js';
import { ACTION_PARAMS, type ActionName } from './action-schemas.js';

class MethodNotAllowedError extends DomainError {
  constructor(action: string) {
    super('INPUT.INVALID', `Action "${action}" needs POST`);
  }
}

/** The file connector's error envelope, which the Jodit client reads `data.messages` from. */
export const sendFilesError = (res: Response, error: unknown): void => {
  const failure = toHttpFailure(error);
  const status = error instanceof MethodNotAllowedError ? 405 : failure.status;
  keepCauseForLog(res, failure);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json({ success: false, data: { code: status, messages: [failure.message] } });
};

/**
 * The single entry point: `<mount>/?action=…` (the body's `action` wins) and
 * `<mount>/ping`. Authentication runs before any action.
 */
export const createFilesRouter = (options: FilesHttpOptions): Router => {
  const router = Router();
  const bodyLimit = options.maxBodyBytes ?? 1024 * 1024;
  router.get('/ping', (_req, res) => {
    res.json({ success: true });
  });
  router.get('/icons/:name.svg', serveIcon);
  router.all(
    '/',
    cookieParser(),
    express.json({ limit: bodyLimit }),
    express.urlencoded({ extended: true, limit: bodyLimit, parameterLimit: 2000 }),
    async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'POST') return next();
      try {
        const params = mergedParams(req);
        const name = stringParam(params, 'action');
        if (!name) throw new InvalidInputError('The action parameter is required');
        const action = FILE_ACTIONS.get(name);
        if (!action) throw new InvalidInputError(`Unknown action "${name}"`);
        res.locals.action = action.name; // a known name only: it labels metrics
        const role = await resolveRole(options.checkAuthentication, req, options.defaultRole, options.authTimeoutMs);
        if (options.rateLimit) await consumeForRequest(options.rateLimit, req, res);
        if (!action.readOnly && req.method !== 'POST') throw new MethodNotAllowedError(name);
        const checked = ACTION_PARAMS[name as ActionName]?.safeParse(params);
        if (checked && !checked.success) throw new InvalidInputError('The parameters are not valid', checked.error.issues);
        res.locals.role = role;
        const data = await action.handle({ req, res, role, params, options });
        if (data !== undefined) res.json({ success: true, data: { code: 220, ...data } });
      } catch (error) {
        sendFilesError(res, error);
      }
    },
    (error: unknown, _req: Request, res: Response, _next: NextFunction) => sendFilesError(res, error),
  );
  return router;
};
