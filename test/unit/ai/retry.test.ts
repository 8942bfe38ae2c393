import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveTimeout } from '../../../src/application/ai/deadline.js';
import { retryBeforeFirstPart, retryCall, type Retrying } from '../../../src/application/ai/retry.js';
import { backoffDelay } from '../../../src/domain/ai/backoff.js';
import { ProviderError } from '../../../src/domain/ai/errors.js';

const policy = { maxRetries: 3, initialDelayMs: 100, maxDelayMs: 1_000 };

describe('backoffDelay', () => {
  it('doubles per retry with jitter between half and all of the step, capped at maxDelayMs', () => {
    assert.equal(backoffDelay(0, policy, undefined, () => 0), 50);
    assert.equal(backoffDelay(0, policy, undefined, () => 1), 100);
    assert.equal(backoffDelay(2, policy, undefined, () => 1), 400);
    assert.equal(backoffDelay(6, policy, undefined, () => 1), 1_000);
    assert.equal(backoffDelay(6, policy, undefined, () => 0), 500);
  });

  it('waits at least what Retry-After asks, and gives up when that is longer than maxDelayMs', () => {
    assert.equal(backoffDelay(0, policy, 700, () => 0), 700);
    assert.equal(backoffDelay(0, policy, 10, () => 1), 100);
    assert.equal(backoffDelay(0, policy, 5_000), undefined);
  });
});

describe('effectiveTimeout', () => {
  it('takes the request\'s own timeout, else the default, never above the cap', () => {
    const settings = { requestTimeoutMs: 120_000, maxRequestTimeoutMs: 600_000 };
    assert.equal(effectiveTimeout(settings), 120_000);
    assert.equal(effectiveTimeout(settings, 5_000), 5_000);
    assert.equal(effectiveTimeout(settings, 900_000), 600_000);
  });
});

const recording = (): Retrying & { waits: number[] } => {
  const waits: number[] = [];
  return { policy, random: () => 1, waits, sleeper: { sleep: async (ms) => void waits.push(ms) } };
};

async function* failing(error: unknown, before: string[] = []): AsyncGenerator<string> {
  yield* before;
  throw error;
}

async function* succeeding(parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

const drain = async (parts: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const part of parts) out.push(part);
  return out;
};

describe('retryBeforeFirstPart', () => {
  it('retries retryable failures until a stream succeeds, waiting longer each time', async () => {
    const retrying = recording();
    let attempts = 0;
    const parts = await drain(
      retryBeforeFirstPart(() => (++attempts < 3 ? failing(new ProviderError('busy', 503)) : succeeding(['a', 'b'])), retrying, new AbortController().signal),
    );
    assert.deepEqual(parts, ['a', 'b']);
    assert.equal(attempts, 3);
    assert.deepEqual(retrying.waits, [100, 200]);
  });

  it('stops after maxRetries and throws the last failure', async () => {
    const retrying = recording();
    let attempts = 0;
    await assert.rejects(drain(retryBeforeFirstPart(() => (attempts++, failing(new ProviderError('down', 500))), retrying, new AbortController().signal)), /down/);
    assert.equal(attempts, 4);
  });

  it('never retries once a part has been passed on, nor a non-retryable or foreign error', async () => {
    for (const [error, before] of [
      [new ProviderError('reset', 503), ['partial']],
      [new ProviderError('bad request', 400), []],
      [new TypeError('bug'), []],
    ] as const) {
      let attempts = 0;
      await assert.rejects(drain(retryBeforeFirstPart(() => (attempts++, failing(error, [...before])), recording(), new AbortController().signal)));
      assert.equal(attempts, 1, String(error));
    }
  });

  it('does not retry once the signal has fired', async () => {
    const controller = new AbortController();
    controller.abort();
    let attempts = 0;
    await assert.rejects(drain(retryBeforeFirstPart(() => (attempts++, failing(new ProviderError('busy', 503))), recording(), controller.signal)));
    assert.equal(attempts, 1);
  });
});

describe('retryCall', () => {
  it('retries a single-answer call the same way', async () => {
    const retrying = recording();
    let attempts = 0;
    const answer = await retryCall(async () => (++attempts < 2 ? Promise.reject(new ProviderError('busy', 429, 300)) : 'ok'), retrying, new AbortController().signal);
    assert.equal(answer, 'ok');
    assert.deepEqual(retrying.waits, [300]);
  });
});
