import { DomainError } from './errors.js';

/** What a rate limiter answers for one request. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Requests admitted per window. */
  limit: number;
  /** Requests still admitted in the current window after this one. */
  remaining: number;
  /** Milliseconds until the window frees capacity again (the oldest counted request leaves it). */
  resetMs: number;
  /** Set when refused: milliseconds until a retry can succeed. */
  retryAfterMs?: number;
  /** True when the backend could not be asked and the answer is the configured fallback (`failOpen`). */
  degraded?: boolean;
}

/** A refused request; carries the decision so the edge can still send the limit headers. */
export class RateLimitedError extends DomainError {
  constructor(readonly decision: RateLimitDecision) {
    super('RATE.LIMITED', `Too many requests, retry in ${Math.max(1, Math.ceil((decision.retryAfterMs ?? decision.resetMs) / 1000))} s`);
  }
}
