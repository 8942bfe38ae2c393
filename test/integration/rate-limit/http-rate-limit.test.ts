import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import express, { type Request, type Response } from 'express';
import { sendAiError } from '../../../src/adapters/inbound/http/ai/router.js';
import { clientAddress, rateLimitRequests } from '../../../src/adapters/inbound/http/rate-limit.js';
import { listen, type RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { MemoryRateLimiter } from '../../../src/adapters/outbound/rate-limit/memory-rate-limiter.js';
import { ConsumeRateLimit } from '../../../src/application/rate-limit/consume-rate-limit.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

/** The middleware on its own app: `X-Test-User`/`X-Test-Key` stand in for what authentication puts in res.locals. */
const limitedApp = (max: number, trustProxy = false) => {
  let now = 0;
  const app = express();
  app.set('trust proxy', trustProxy);
  app.use((req: Request, res: Response, next) => {
    if (req.get('x-test-user')) res.locals.userId = req.get('x-test-user');
    if (req.get('x-test-key')) res.locals.apiKey = req.get('x-test-key');
    next();
  });
  const limiter = new MemoryRateLimiter({ max, windowMs: 60_000, now: () => now });
  app.use(rateLimitRequests(new ConsumeRateLimit(limiter), sendAiError));
  app.get('/thing', (_req, res) => {
    res.json({ success: true });
  });
  return { app, advance: (ms: number) => void (now += ms) };
};

describe('rate-limit middleware', () => {
  let server: RunningServer;
  let advance: (ms: number) => void;
  let proxied: RunningServer;
  before(async () => {
    const limited = limitedApp(2);
    advance = limited.advance;
    server = await listen(limited.app, '127.0.0.1', 0);
    proxied = await listen(limitedApp(1, true).app, '127.0.0.1', 0);
  });
  after(async () => {
    await server.close(0);
    await proxied.close(0);
  });

  const get = (base: RunningServer, headers: Record<string, string> = {}) => fetch(`${base.url}/thing`, { headers });

  it('sends the limit headers, then 429 with Retry-After and the AI error envelope', async () => {
    const first = await get(server, { 'x-test-user': 'headers' });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-ratelimit-limit'), '2');
    assert.equal(first.headers.get('x-ratelimit-remaining'), '1');
    assert.equal(first.headers.get('x-ratelimit-reset'), '60');
    advance(30_500);
    assert.equal((await get(server, { 'x-test-user': 'headers' })).headers.get('x-ratelimit-remaining'), '0');
    const refused = await get(server, { 'x-test-user': 'headers' });
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '30'); // the first request leaves the window in 29.5 s
    assert.equal(refused.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(refused.headers.get('x-ratelimit-reset'), '30');
    const body = (await refused.json()) as any;
    assert.equal(body.success, false);
    assert.equal(body.error.code, 429);
    assert.match(body.error.message, /Too many requests, retry in 30 s/);
  });

  it('counts a user, a client key and an address separately, the user first', async () => {
    for (let i = 0; i < 2; i += 1) assert.equal((await get(server, { 'x-test-user': 'u1', 'x-test-key': 'k1' })).status, 200);
    assert.equal((await get(server, { 'x-test-user': 'u1', 'x-test-key': 'k1' })).status, 429);
    assert.equal((await get(server, { 'x-test-key': 'k1' })).status, 200, 'the key has its own budget');
    assert.equal((await get(server)).status, 200, 'so has the address');
    assert.equal((await get(server, { 'x-test-user': 'u2' })).status, 200);
  });

  it('keys by X-Forwarded-For only when trustProxy is on', async () => {
    assert.equal((await get(proxied, { 'x-forwarded-for': '203.0.113.7' })).status, 200);
    assert.equal((await get(proxied, { 'x-forwarded-for': '203.0.113.8' })).status, 200);
    assert.equal((await get(proxied, { 'x-forwarded-for': '203.0.113.7' })).status, 429);
    const direct = await get(server, { 'x-forwarded-for': '198.51.100.1' });
    const spoofed = await get(server, { 'x-forwarded-for': '198.51.100.2' });
    assert.equal(direct.status, 200);
    assert.equal(spoofed.status, 429, 'without trustProxy both count as the loopback address');
  });

  it('counts an IPv6 client by its /64 and unwraps IPv4-mapped addresses', () => {
    assert.equal(clientAddress('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('2001:db8:1:2:bbbb::9'), '2001:db8:1:2::/64');
    assert.equal(clientAddress('::ffff:192.0.2.4'), '192.0.2.4');
    assert.equal(clientAddress(undefined), 'unknown');
  });
});

describe('rate limiting in the host', () => {
  let server: RunningServer;
  let unlimited: RunningServer;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  before(async () => {
    temp = await makeTempDir();
    const root = path.join(temp.dir, 'files');
    await mkdir(root);
    const files = { sources: { docs: { root } }, accessControl: [{ role: 'guest', FILES: true }] };
    server = await startTestServer({
      ai: { rateLimit: { max: 2, windowMs: 60_000 } },
      files: { ...files, rateLimit: { max: 2, windowMs: 60_000 } },
    });
    unlimited = await startTestServer({ files });
  });
  after(async () => {
    await server.close(0);
    await unlimited.close(0);
    await temp.remove();
  });

  it('never limits GET /ai/health', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${server.url}/ai/health`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-ratelimit-limit'), null);
    }
  });

  it('limits the other /ai routes', async () => {
    const statuses = [];
    const headers = { authorization: 'Bearer 0b7f3a52-7b1e-4c1a-9a55-0d2f3c4b5a69' };
    for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${server.url}/ai/providers`, { headers })).status);
    assert.deepEqual(statuses, [200, 200, 429]);
  });

  it('limits file actions with the file connector envelope when files.rateLimit is set', async () => {
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await fetch(`${server.url}/?action=files&source=docs`));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 429]);
    assert.equal(answers[0]!.headers.get('x-ratelimit-remaining'), '1');
    assert.ok(Number(answers[2]!.headers.get('retry-after')) > 0);
    const body = (await answers[2]!.json()) as any;
    assert.equal(body.success, false);
    assert.equal(body.data.code, 429);
    assert.match(body.data.messages[0], /Too many requests/);
  });

  it('leaves the file connector unlimited when files.rateLimit is not set', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${unlimited.url}/?action=files&source=docs`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-ratelimit-limit'), null);
    }
  });
});

