/**
 * Checks per second for each RateLimiter backend (Redis at REDIS_URL, default redis://127.0.0.1:6379).
 * Memory: one caller awaiting each check in turn, over 10,000 keys.
 * Redis: many checks in flight at once (ioredis auto-pipelining sends each
 * tick's checks in one write), over 10,000 keys, on Redis's own clock.
 */
import { randomBytes } from 'node:crypto';
import type { Row } from '../lib/report.js';
import type { Scenario } from '../lib/scenario.js';
import { RedisRateLimiter } from '../../src/adapters/outbound/rate-limit/redis-rate-limiter.js';
import { SystemClock } from '../../src/adapters/outbound/system/system-clock.js';
import { createRateLimiter } from '../../src/composition/rate-limit-module.js';
import type { RateLimiter } from '../../src/ports/rate-limiter.js';

const KEYS = Array.from({ length: 10_000 }, (_, i) => `user:${i}`);

const sequential = async (limiter: RateLimiter, ms: number): Promise<number> => {
  const end = performance.now() + ms;
  let checks = 0;
  while (performance.now() < end) {
    for (let i = 0; i < 10_000; i += 1) await limiter.consume(KEYS[(checks + i) % KEYS.length]!);
    checks += 10_000;
  }
  return checks;
};

const concurrent = async (limiter: RateLimiter, ms: number, inFlight: number): Promise<number> => {
  const end = performance.now() + ms;
  let checks = 0;
  let degraded = 0;
  const worker = async () => {
    while (performance.now() < end) {
      if ((await limiter.consume(KEYS[checks % KEYS.length]!)).degraded) degraded += 1;
      checks += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  if (degraded > 0) throw new Error(`${degraded} checks were answered by the fallback, not by Redis`);
  return checks;
};

const MIXES = [
  { label: 'mostly refused: 60 per 60 s', max: 60, windowMs: 60_000 },
  { label: 'mostly admitted: 1000 per 50 ms', max: 1_000, windowMs: 50 },
];

const rate = async (run: () => Promise<number>): Promise<number> => {
  const start = performance.now();
  const checks = await run();
  return Math.round(checks / ((performance.now() - start) / 1000));
};

export const rateLimiterScenario: Scenario = {
  name: 'rate-limiter',
  description: 'checks per second for the memory and Redis backends (Redis: 256 in flight, auto-pipelined)',
  async run({ smoke, log }) {
    const ms = smoke ? 300 : 3_000;
    const rows: Row[] = [];
    for (const mix of MIXES) {
      // built as the composition root builds it, system clock included
      const memory = createRateLimiter(
        { backend: 'memory', max: mix.max, windowMs: mix.windowMs, failOpen: true },
        { service: 'ai', redisUrl: '', clock: new SystemClock() },
      );
      await sequential(memory, smoke ? 50 : 500);
      const perSecond = await rate(() => sequential(memory, ms));
      log(`memory, ${mix.label}: ${perSecond.toLocaleString('en-US')} checks/s`);
      rows.push({ scenario: `rate limiter memory, ${mix.label}`, ours: perSecond, unit: 'checks/s', target: '≥ 1,000,000/s', met: perSecond >= 1_000_000 });
    }
    for (const mix of MIXES) {
      const redis = new RedisRateLimiter({
        url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        max: mix.max,
        windowMs: mix.windowMs,
        failOpen: false,
        keyPrefix: `bench:${randomBytes(4).toString('hex')}:`,
        commandTimeoutMs: 5_000,
        onAvailabilityChange: (change) => log(`redis availability: ${JSON.stringify(change)}`),
      });
      try {
        await redis.ready();
        await concurrent(redis, smoke ? 50 : 500, 256); // warm-up (loads the script)
        const perSecond = await rate(() => concurrent(redis, ms, 256));
        log(`redis, ${mix.label}: ${perSecond.toLocaleString('en-US')} checks/s`);
        rows.push({ scenario: `rate limiter Redis, ${mix.label}`, ours: perSecond, unit: 'checks/s', target: '≥ 20,000/s', met: perSecond >= 20_000 });
      } finally {
        await redis.close();
      }
    }
    return { rows };
  },
};
