import { backoffDelay, type RetryPolicy } from '../../domain/ai/backoff.js';
import { ProviderError } from '../../domain/ai/errors.js';
import type { Sleeper } from '../../ports/sleeper.js';

export interface Retrying {
  policy: RetryPolicy;
  sleeper: Sleeper;
  random?: () => number;
}

/** The wait before the next attempt, or undefined when this failure must not be retried. */
const nextDelay = (error: unknown, retry: number, retrying: Retrying, signal: AbortSignal): number | undefined => {
  if (signal.aborted || !(error instanceof ProviderError) || !error.retryable || retry >= retrying.policy.maxRetries) return undefined;
  return backoffDelay(retry, retrying.policy, error.retryAfterMs, retrying.random);
};

/**
 * Runs a streamed call again after a retryable failure, but only while
 * nothing has been passed on: once a part is out, a retry would repeat it.
 */
export async function* retryBeforeFirstPart<T>(attempt: () => AsyncIterable<T>, retrying: Retrying, signal: AbortSignal): AsyncGenerator<T> {
  for (let retry = 0; ; retry++) {
    let started = false;
    try {
      for await (const part of attempt()) {
        started = true;
        yield part;
      }
      return;
    } catch (error) {
      const delay = started ? undefined : nextDelay(error, retry, retrying, signal);
      if (delay === undefined) throw error;
      await retrying.sleeper.sleep(delay, signal);
    }
  }
}

/** The same for a call with one answer. */
export const retryCall = async <T>(attempt: () => Promise<T>, retrying: Retrying, signal: AbortSignal): Promise<T> => {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = nextDelay(error, retry, retrying, signal);
      if (delay === undefined) throw error;
      await retrying.sleeper.sleep(delay, signal);
    }
  }
};
