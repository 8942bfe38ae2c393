import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import type { AppConfigInput } from '../../../src/config/schema.js';
import { startTestServer } from '../../support/test-server.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('GET /ready', () => {
  const servers: RunningServer[] = [];
  after(() => Promise.all(servers.map((server) => server.close(0))));

  const ready = async (config: AppConfigInput) => {
    const server = await startTestServer(config);
    servers.push(server);
    const response = await fetch(`${server.url}/ready`);
    return { status: response.status, body: (await response.json()) as any, cacheControl: response.headers.get('cache-control') };
  };

  it('is ready with nothing to check when no backend uses Redis', async () => {
    const { status, body, cacheControl } = await ready({ ai: {}, files: {} });
    assert.equal(status, 200);
    assert.deepEqual(body, { status: 'ok', checks: {} });
    assert.equal(cacheControl, 'no-store');
  });

  it('pings the Redis the rate limiter uses and reports it', async () => {
    const { status, body } = await ready({ ai: { rateLimit: { backend: 'redis', redisUrl: REDIS_URL } } });
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.checks.redis.ok, true);
    assert.equal(typeof body.checks.redis.latencyMs, 'number');
  });

  it('answers 503 "degraded" with the reason, not the password, when the conversation store\'s Redis is unreachable', async () => {
    const port = await closedPort();
    const { status, body } = await ready({
      ai: { conversations: { backend: 'redis', redisUrl: `redis://:sup3r-s3cret@127.0.0.1:${port}` } },
      readiness: { timeoutMs: 2_000 },
    });
    assert.equal(status, 503);
    assert.equal(body.status, 'degraded');
    assert.equal(body.checks.redis.ok, false);
    assert.match(body.checks.redis.error, /ECONNREFUSED/);
    assert.ok(!JSON.stringify(body).includes('sup3r-s3cret'));
  });

  it('checks two different servers apart', async () => {
    const port = await closedPort();
    const { status, body } = await ready({
      ai: {
        rateLimit: { backend: 'redis', redisUrl: REDIS_URL },
        conversations: { backend: 'redis', redisUrl: `redis://127.0.0.1:${port}` },
      },
    });
    assert.equal(status, 503);
    assert.equal(body.checks['redis.rateLimit'].ok, true);
    assert.equal(body.checks['redis.conversations'].ok, false);
  });

  it('leaves /ai/health as the liveness probe, answering while Redis is down', async () => {
    const port = await closedPort();
    const server = await startTestServer({ ai: { rateLimit: { backend: 'redis', redisUrl: `redis://127.0.0.1:${port}` } } });
    servers.push(server);
    assert.equal((await fetch(`${server.url}/ai/health`)).status, 200);
    assert.equal((await fetch(`${server.url}/ready`)).status, 503);
  });
});
