/**
 * Checks per second for each RateLimiter backend.
 *   npx tsx bench/rate-limiter.ts            (REDIS_URL, default redis://127.0.0.1:6379)
 * Memory: one caller awaiting each check in turn, over 10,000 keys.
 * Redis: many checks in flight at once (ioredis auto-pipelining sends each
 * tick's checks in one write), over 10,000 keys, on Redis's own clock.
 */
import { randomBytes } from 'node:crypto';
import { RedisRateLimiter } from '../src/adapters/outbound/rate-limit/redis-rate-limiter.js';
import { SystemClock } from '../src/adapters/outbound/system/system-clock.js';
import { createRateLimiter } from '../src/composition/rate-limit-module.js';
import type { RateLimiter } from '../src/ports/rate-limiter.js';

const KEYS = Array.from({ length: 10_000 }, (_, i) => `user:${i}`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

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

const report = (name: string, checks: number, ms: number) => {
  const perSecond = Math.round(checks / (ms / 1000));
  console.log(`${name.padEnd(56)} ${perSecond.toLocaleString('en-US').padStart(12)} checks/s  (${checks.toLocaleString('en-US')} in ${(ms / 1000).toFixed(1)} s)`);
};

const measure = async (name: string, run: () => Promise<number>) => {
  const start = performance.now();
  const checks = await run();
  report(name, checks, performance.now() - start);
};

/** Two mixes: 60 per minute (nearly every check is a refusal once warm), and a short window where most are admitted. */
const MIXES = [
  { label: 'mostly refused: 60 per 60 s', max: 60, windowMs: 60_000 },
  { label: 'mostly admitted: 1000 per 50 ms', max: 1_000, windowMs: 50 },
];

for (const mix of MIXES) {
  // built as the composition root builds it, system clock included
  const memory = createRateLimiter(
    { backend: 'memory', max: mix.max, windowMs: mix.windowMs, failOpen: true },
    { service: 'ai', redisUrl: '', clock: new SystemClock() },
  );
  await sequential(memory, 500); // warm-up
  await measure(`memory, ${mix.label}`, () => sequential(memory, SECONDS * 1000));
}

for (const mix of MIXES) {
  const redis = new RedisRateLimiter({
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    max: mix.max,
    windowMs: mix.windowMs,
    failOpen: false,
    keyPrefix: `bench:${randomBytes(4).toString('hex')}:`,
    commandTimeoutMs: 5_000,
    onAvailabilityChange: (change) => console.error('redis availability:', change),
  });
  await redis.ready();
  await concurrent(redis, 500, 256); // warm-up (loads the script)
  await measure(`redis, ${mix.label}, 256 in flight`, () => concurrent(redis, SECONDS * 1000, 256));
  await redis.close();
}
