export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/**
 * How long to wait before retry number `retry` (0-based): exponential with
 * equal jitter, capped at `maxDelayMs`, and never shorter than the provider's
 * `Retry-After`. Undefined means "do not retry": the provider asked for a
 * longer wait than the policy allows, so holding the client would be pointless.
 */
export const backoffDelay = (
  retry: number,
  policy: RetryPolicy,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined => {
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) return undefined;
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
};
