import { RateLimitedError, type RateLimitDecision } from '../../domain/rate-limit.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';

export interface ConsumeRateLimitInput {
  /** Who is counted: a user id, a client key's fingerprint or an address, already namespaced by kind. */
  key: string;
}

/** Counts one request against its client's budget; a refusal is a `RateLimitedError`. */
export class ConsumeRateLimit {
  constructor(private readonly limiter: RateLimiter) {}

  async execute(input: ConsumeRateLimitInput): Promise<RateLimitDecision> {
    const decision = await this.limiter.consume(input.key);
    if (!decision.allowed) throw new RateLimitedError(decision);
    return decision;
  }
}
