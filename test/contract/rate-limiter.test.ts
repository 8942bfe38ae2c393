import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryRateLimiter } from '../../src/adapters/outbound/rate-limit/memory-rate-limiter.js';
import { RedisRateLimiter } from '../../src/adapters/outbound/rate-limit/redis-rate-limiter.js';
import { REDIS_URL, uniquePrefix } from '../support/redis.js';
import { rateLimiterContract } from '../../src/testing/contracts/rate-limiter.contract.js';

const manualClock = (start: number) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

rateLimiterContract('MemoryRateLimiter', () => ({
  async create({ max, windowMs }) {
    const clock = manualClock(0);
    return { limiter: new MemoryRateLimiter({ max, windowMs, now: clock.now }), advance: clock.advance };
  },
  close: async () => {},
}));

rateLimiterContract('RedisRateLimiter', () => {
  const opened: RedisRateLimiter[] = [];
  return {
    async create({ max, windowMs }) {
      const clock = manualClock(Date.now());
      const limiter = new RedisRateLimiter({ url: REDIS_URL, max, windowMs, failOpen: false, keyPrefix: uniquePrefix('contract'), now: clock.now });
      opened.push(limiter);
      await limiter.ready();
      return { limiter, advance: clock.advance };
    },
    close: async () => {
      await Promise.all(opened.map((limiter) => limiter.close()));
    },
  };
});

describe('RedisRateLimiter on Redis time', () => {
  it('uses the server clock when no clock is given, so instances share one time source', async () => {
    const limiter = new RedisRateLimiter({ url: REDIS_URL, max: 2, windowMs: 300, failOpen: false, keyPrefix: uniquePrefix('redis-time') });
    try {
      await limiter.ready();
      assert.equal((await limiter.consume('k')).allowed, true);
      assert.equal((await limiter.consume('k')).allowed, true);
      const refused = await limiter.consume('k');
      assert.equal(refused.allowed, false);
      assert.equal(refused.degraded, undefined);
      assert.ok(refused.retryAfterMs! > 0 && refused.retryAfterMs! <= 300, String(refused.retryAfterMs));
      await new Promise((resolve) => setTimeout(resolve, refused.retryAfterMs! + 20));
      assert.equal((await limiter.consume('k')).allowed, true);
    } finally {
      await limiter.close();
    }
  });
});

describe('MemoryRateLimiter memory bound', () => {
  it('holds at most maxKeys keys under a flood of distinct keys, forgetting the least recently admitted', async () => {
    const limiter = new MemoryRateLimiter({ max: 1, windowMs: 60_000, maxKeys: 100, now: () => 0 });
    await limiter.consume('first');
    for (let i = 0; i < 10_000; i += 1) await limiter.consume(`flood-${i}`);
    assert.equal(limiter.size, 100);
    assert.equal((await limiter.consume('flood-9999')).allowed, false, 'recent keys are kept');
    assert.equal((await limiter.consume('first')).allowed, true, 'the oldest key was forgotten');
  });

  it('evicts keys whose window has passed when new keys arrive', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ max: 5, windowMs: 1_000, now: () => now });
    for (let i = 0; i < 500; i += 1) await limiter.consume(`k${i}`);
    assert.equal(limiter.size, 500);
    now = 1_000;
    await limiter.consume('newcomer');
    assert.equal(limiter.size, 1);
  });
});
