import { RateLimitedError, type RateLimitDecision } from '../../domain/rate-limit.js';
import type { Metrics } from '../../ports/metrics.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';

export interface ConsumeRateLimitInput {
  /** Who is counted: a user id, a client key's fingerprint or an address, already namespaced by kind. */
  key: string;
}

/** Counts one request against its client's budget; a refusal is a `RateLimitedError`. */
export class ConsumeRateLimit {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly metrics?: Metrics,
  ) {}

  async execute(input: ConsumeRateLimitInput): Promise<RateLimitDecision> {
    const decision = await this.limiter.consume(input.key);
    if (!decision.allowed) {
      // The key's kind (`user`, `key`, `ip`) is the scope: few values, never the identity itself.
      this.metrics?.rateLimited(input.key.slice(0, Math.max(0, input.key.indexOf(':'))) || 'other');
      throw new RateLimitedError(decision);
    }
    return decision;
  }
}
