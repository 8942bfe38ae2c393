import type { Response } from 'express';
import { keepCauseForLog, toHttpFailure } from '../error-status.js';

/** The AI adapter's JSON error envelope: `{success: false, error: {code, message, details?}}`. */
export const sendAiError = (res: Response, error: unknown): void => {
  const failure = toHttpFailure(error);
  keepCauseForLog(res, failure);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(failure.status).json({
    success: false,
    error: { code: failure.status, message: failure.message, ...(failure.details === undefined ? {} : { details: failure.details }) },
  });
};
