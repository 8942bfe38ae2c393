import type { RateLimitDecision } from '../domain/rate-limit.js';

export type { RateLimitDecision };

/**
 * Counts requests per key in a sliding window: at most `limit` requests are
 * admitted in any window of the configured length, exactly, also at its
 * edges. A refused request does not count. Adapters never throw for an
 * unreachable backend: they answer with the configured fallback, marked
 * `degraded`.
 */
export interface RateLimiter {
  /** Counts one request for `key` if the window has room, and says whether it was admitted. */
  consume(key: string): Promise<RateLimitDecision>;
}
