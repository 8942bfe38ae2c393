import { isDomainError, type ErrorCode } from '../../../domain/errors.js';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  'INPUT.INVALID': 400,
  'INPUT.CONFLICT': 409,
  'AUTH.UNAUTHENTICATED': 401,
  'AUTH.FORBIDDEN': 403,
  'FILES.NOT_FOUND': 404,
  'FILES.ALREADY_EXISTS': 409,
  'FILES.TOO_LARGE': 413,
  'FILES.TYPE_NOT_ALLOWED': 415,
  'FILES.STORAGE_FULL': 507,
  'REMOTE.ADDRESS_REFUSED': 403,
  'REMOTE.FETCH_FAILED': 502,
  'REMOTE.TIMEOUT': 504,
  'FILES.MOVE_INCOMPLETE': 500,
  'AI.PROVIDER_UNKNOWN': 400,
  'AI.PROVIDER_FAILED': 502,
  'AI.TIMEOUT': 504,
  'AI.CONVERSATIONS_UNAVAILABLE': 503,
  'RATE.LIMITED': 429,
  'FEATURE.NOT_IMPLEMENTED': 501,
};

export interface HttpFailure {
  status: number;
  message: string;
  details?: unknown;
  /** The unexpected error behind a 500: for the request's log line, never for the client. */
  cause?: unknown;
}

/** Errors thrown by HTTP middleware (body-parser, etc.) carry a status of their own. */
interface StatusError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

const PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body',
  'entity.too.large': 'Request body is too large',
  'encoding.unsupported': 'Unsupported body encoding',
  'charset.unsupported': 'Unsupported body charset',
};

/** The one mapping from any thrown value to a status and a message safe to show. */
export const toHttpFailure = (error: unknown): HttpFailure => {
  if (isDomainError(error)) {
    return { status: STATUS_BY_CODE[error.code], message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
  }
  const candidate = (error ?? {}) as StatusError;
  const status = candidate.status ?? candidate.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = (candidate.type && PARSER_MESSAGES[candidate.type]) ?? (candidate.expose ? candidate.message : undefined) ?? 'Bad request';
    return { status, message };
  }
  return { status: 500, message: 'Internal server error', cause: error };
};

/**
 * Hands the unexpected error behind a 500 to the request's log line
 * (pino-http logs `res.err` with its stack): the client sees only
 * "Internal server error", so the log is the one place the cause is kept.
 */
export const keepCauseForLog = (res: { err?: Error }, failure: HttpFailure): void => {
  if (failure.cause === undefined) return;
  res.err = failure.cause instanceof Error ? failure.cause : new Error(String(failure.cause));
};
