import { Router, type NextFunction, type Request, type Response } from 'express';
import type { CheckHealth } from '../../../../application/ai/check-health.js';
import { toHttpFailure } from '../error-status.js';

export interface AiUseCases {
  checkHealth: CheckHealth;
}

export interface AiHttpOptions {
  useCases: AiUseCases;
  maxBodyBytes: number;
}

/** The AI adapter's JSON error envelope: `{success: false, error: {code, message, details?}}`. */
export const sendAiError = (res: Response, error: unknown): void => {
  const failure = toHttpFailure(error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(failure.status).json({
    success: false,
    error: { code: failure.status, message: failure.message, ...(failure.details === undefined ? {} : { details: failure.details }) },
  });
};

/** Routes under `/ai`. */
export const createAiRouter = (options: AiHttpOptions): Router => {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json(options.useCases.checkHealth.execute());
  });
  router.use((_req: Request, res: Response) => {
    res.status(404).json({ success: false, error: { code: 404, message: 'Not found' } });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => sendAiError(res, error));
  return router;
};
