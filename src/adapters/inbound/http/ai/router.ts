import { Router, type NextFunction, type Request, type Response } from 'express';
import type { CheckHealth } from '../../../../application/ai/check-health.js';
import type { ConsumeRateLimit } from '../../../../application/rate-limit/consume-rate-limit.js';
import { toHttpFailure } from '../error-status.js';
import { rateLimitRequests } from '../rate-limit.js';

export interface AiUseCases {
  checkHealth: CheckHealth;
}

export interface AiHttpOptions {
  useCases: AiUseCases;
  maxBodyBytes: number;
  /** Counts every `/ai` request but health, after authentication (so a user id or client key is known). */
  rateLimit?: ConsumeRateLimit;
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
  if (options.rateLimit) router.use(rateLimitRequests(options.rateLimit, sendAiError));
  router.use((_req: Request, res: Response) => {
    res.status(404).json({ success: false, error: { code: 404, message: 'Not found' } });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => sendAiError(res, error));
  return router;
};
