import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import pino from 'pino';
import { listen, type RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { RedisRateLimiter, type RedisAvailability } from '../../../src/adapters/outbound/rate-limit/redis-rate-limiter.js';
import { createHost } from '../../../src/composition/http-host.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { uniquePrefix } from '../../support/redis.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { eventually, startOwnRedis, within, type OwnRedis } from '../../support/redis-server.js';

const NO_HANG_MS = 5_000;

for (const failOpen of [true, false]) {
  describe(`RedisRateLimiter when Redis fails (failOpen: ${failOpen})`, () => {
    let redis: OwnRedis;
    let limiter: RedisRateLimiter;
    const changes: RedisAvailability[] = [];
    before(async () => {
      redis = await startOwnRedis();
      limiter = new RedisRateLimiter({
        url: redis.url, max: 100, windowMs: 60_000, failOpen, keyPrefix: uniquePrefix('faults'), commandTimeoutMs: 300,
        onAvailabilityChange: (change) => changes.push(change),
      });
      await limiter.ready();
    });
    after(async () => {
      await limiter.close();
      await redis.stop();
    });

    it(`${failOpen ? 'admits' : 'refuses'} while Redis is stopped, without hanging, and reports the outage once`, async () => {
      assert.equal((await limiter.consume('k')).degraded, undefined);
      await redis.stop();
      for (let i = 0; i < 5; i += 1) {
        const decision = await within(NO_HANG_MS, limiter.consume('k'));
        assert.equal(decision.degraded, true);
        assert.equal(decision.allowed, failOpen);
        if (!failOpen) assert.ok(decision.retryAfterMs! > 0);
      }
      assert.deepEqual(changes.map((c) => c.available), [false]);
    });

    it('recovers by itself when Redis is back, and says so once', async () => {
      await redis.start();
      await eventually(async () => (await limiter.consume('k')).degraded === undefined);
      const decision = await limiter.consume('k');
      assert.equal(decision.allowed, true);
      assert.equal(decision.degraded, undefined);
      assert.deepEqual(changes.map((c) => c.available), [false, true]);
    });

    it(`${failOpen ? 'admits' : 'refuses'} within the command timeout when Redis is slow, then recovers`, async () => {
      const admin = new Redis(redis.url);
      try {
        await admin.call('CLIENT', 'PAUSE', '2000', 'ALL');
        const decision = await within(NO_HANG_MS, limiter.consume('k'));
        assert.equal(decision.degraded, true);
        assert.equal(decision.allowed, failOpen);
        await eventually(async () => (await limiter.consume('k')).degraded === undefined);
      } finally {
        admin.disconnect();
      }
    });
  });
}

const CLIENT = { headers: { authorization: 'Bearer 0b7f3a52-7b1e-4c1a-9a55-0d2f3c4b5a69' } };

describe('the host when its rate-limit Redis (password in the URL) goes away', () => {
  let redis: OwnRedis;
  let server: RunningServer;
  let dispose: () => Promise<void>;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  const logLines: Array<{ level: number; msg: string; rateLimiter?: string }> = [];

  before(async () => {
    redis = await startOwnRedis({ password: 'limiter-secret-pw' });
    temp = await makeTempDir();
    const config = parseConfig(
      {
        host: '127.0.0.1', port: 0,
        ai: { rateLimit: { backend: 'redis', redisUrl: redis.url, keyPrefix: uniquePrefix('host-faults'), max: 50, failOpen: false, timeoutMs: 300 } },
        files: { sources: { docs: { root: temp.dir } }, rateLimit: { backend: 'redis', max: 50, failOpen: true, timeoutMs: 300 } },
      },
      {},
    );
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const { app, container } = createHost(config, { logger: pino({ level: 'info' }, sink) });
    server = await listen(app, '127.0.0.1', 0);
    dispose = () => container.unbindAllAsync();
    await eventually(async () => (await fetch(`${server.url}/ai/providers`, CLIENT)).headers.get('x-ratelimit-limit') === '50');
  });
  after(async () => {
    await server.close(0);
    await dispose();
    await redis.stop();
    await temp.remove();
  });

  it('keeps serving: the AI limiter (failOpen false) answers 429, the file connector (failOpen true) admits', async () => {
    await redis.stop();
    for (let i = 0; i < 3; i += 1) {
      const ai = await within(NO_HANG_MS, fetch(`${server.url}/ai/providers`, CLIENT));
      assert.equal(ai.status, 429);
      assert.equal(ai.headers.get('retry-after'), '1');
      assert.equal(ai.headers.get('x-ratelimit-limit'), null, 'no made-up numbers while Redis cannot be asked');
      const files = await within(NO_HANG_MS, fetch(`${server.url}/?action=files&source=docs`));
      assert.notEqual(files.status, 429);
      assert.equal(files.headers.get('x-ratelimit-limit'), null);
    }
    const outages = logLines.filter((l) => /Redis is unavailable/.test(l.msg));
    assert.deepEqual(outages.map((l) => l.rateLimiter).sort(), ['ai', 'files'], 'one warning per limiter per outage');
    assert.ok(!JSON.stringify(logLines).includes('limiter-secret-pw'), 'the Redis password is not logged');
  });

  it('is limited again once Redis is back', async () => {
    await redis.start();
    await eventually(async () => (await fetch(`${server.url}/ai/providers`, CLIENT)).status === 200);
    assert.equal((await fetch(`${server.url}/?action=files&source=docs`)).headers.get('x-ratelimit-limit'), '50');
    assert.equal(logLines.filter((l) => /available again/.test(l.msg)).length, 2);
  });
});
