import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { RateLimiter } from '../../ports/rate-limiter.js';

export interface RateLimiterFixture {
  limiter: RateLimiter;
  /** Moves the limiter's clock forward. */
  advance(ms: number): void;
}

/** Builds a fresh limiter (its own keys and clock) per call; `close` releases them all. */
export interface RateLimiterFactory {
  create(options: { max: number; windowMs: number }): Promise<RateLimiterFixture>;
  close(): Promise<void>;
}

const consumeMany = async (limiter: RateLimiter, key: string, times: number) => {
  const decisions = [];
  for (let i = 0; i < times; i += 1) decisions.push(await limiter.consume(key));
  return decisions;
};

/**
 * The behaviour every `RateLimiter` adapter shares: an exact sliding window.
 * A new backend passes this first.
 */
export const rateLimiterContract = (adapterName: string, makeFactory: () => RateLimiterFactory): void => {
  describe(`RateLimiter contract: ${adapterName}`, () => {
    const factory = makeFactory();
    after(() => factory.close());

    it('admits max requests in a window, counting remaining down, then refuses', async () => {
      const { limiter } = await factory.create({ max: 3, windowMs: 10_000 });
      const decisions = await consumeMany(limiter, 'alice', 4);
      assert.deepEqual(decisions.map((d) => d.allowed), [true, true, true, false]);
      assert.deepEqual(decisions.map((d) => d.remaining), [2, 1, 0, 0]);
      assert.ok(decisions.every((d) => d.limit === 3 && !d.degraded));
      assert.equal(decisions[0]!.retryAfterMs, undefined);
    });

    it('slides exactly: a request leaves the window windowMs after it was admitted', async () => {
      const { limiter, advance } = await factory.create({ max: 2, windowMs: 1_000 });
      assert.equal((await limiter.consume('k')).allowed, true); // t=0
      advance(400);
      assert.equal((await limiter.consume('k')).allowed, true); // t=400
      advance(599);
      const justBefore = await limiter.consume('k'); // t=999
      assert.equal(justBefore.allowed, false);
      assert.equal(justBefore.retryAfterMs, 1);
      advance(1);
      assert.equal((await limiter.consume('k')).allowed, true); // t=1000: the t=0 request has left
      advance(1);
      const next = await limiter.consume('k'); // t=1001
      assert.equal(next.allowed, false);
      assert.equal(next.retryAfterMs, 399);
      advance(399);
      assert.equal((await limiter.consume('k')).allowed, true); // t=1400
    });

    it('reports when the window frees capacity, and frees it then', async () => {
      const { limiter, advance } = await factory.create({ max: 2, windowMs: 5_000 });
      assert.equal((await limiter.consume('k')).resetMs, 5_000);
      advance(1_500);
      assert.equal((await limiter.consume('k')).resetMs, 3_500);
      const refused = await limiter.consume('k');
      assert.equal(refused.allowed, false);
      assert.equal(refused.resetMs, 3_500);
      assert.equal(refused.retryAfterMs, 3_500);
      advance(refused.retryAfterMs!);
      const admitted = await limiter.consume('k');
      assert.equal(admitted.allowed, true);
      assert.equal(admitted.remaining, 0);
      assert.equal(admitted.resetMs, 1_500);
    });

    it('does not count refused requests', async () => {
      const { limiter, advance } = await factory.create({ max: 2, windowMs: 1_000 });
      await consumeMany(limiter, 'k', 2);
      for (let i = 0; i < 5; i += 1) {
        advance(100);
        assert.equal((await limiter.consume('k')).allowed, false);
      }
      advance(500); // t=1000: both admitted requests have left, the refused ones never counted
      const again = await consumeMany(limiter, 'k', 3);
      assert.deepEqual(again.map((d) => d.allowed), [true, true, false]);
    });

    it('keeps keys independent', async () => {
      const { limiter } = await factory.create({ max: 1, windowMs: 10_000 });
      assert.equal((await limiter.consume('user:a')).allowed, true);
      assert.equal((await limiter.consume('user:a')).allowed, false);
      assert.equal((await limiter.consume('user:b')).allowed, true);
      assert.equal((await limiter.consume('ip:127.0.0.1')).allowed, true);
    });

    it('admits exactly max of many concurrent requests', async () => {
      const { limiter } = await factory.create({ max: 7, windowMs: 10_000 });
      const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter.consume('burst')));
      assert.equal(decisions.filter((d) => d.allowed).length, 7);
    });
  });
};
