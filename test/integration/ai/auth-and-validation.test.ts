import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { CLIENT_KEY, startAiServer, type AiTestServer } from '../../support/ai-server.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { startTestServer } from '../../support/test-server.js';

const OTHER_KEY = 'ABCDEF01-2345-6789-ABCD-EF0123456789';
const context = { mode: 'full', messages: [{ role: 'user', content: 'Hi' }], tools: [] };

const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const errorOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

describe('AI client authentication over HTTP', () => {
  let ai: AiTestServer;
  before(async () => {
    ai = await startAiServer('openai-compatible', startOpenAiChatUpstream, {
      auth: { apiKeys: [CLIENT_KEY, OTHER_KEY.toLowerCase()], referers: ['https://app.example.com', '/^https:\\/\\/[a-z]+\\.example\\.org$/'] },
    });
  });
  after(() => ai.close());

  const withReferer = { referer: 'https://app.example.com/editor/page' };

  it('accepts the key as a Bearer token, as X-API-Key, and as ?key= (what the Jodit client sends), in either case', async () => {
    const ok = (headers: Record<string, string>, query = '') => post(ai.server, `/ai/request${query}`, { provider: 'p', context }, { ...withReferer, ...headers });
    for (const response of [
      await ok({ authorization: `Bearer ${CLIENT_KEY}` }),
      await ok({ 'x-api-key': CLIENT_KEY.toUpperCase() }),
      await ok({}, `?key=${OTHER_KEY}`),
    ]) {
      assert.equal(response.status, 200);
      await response.text();
    }
  });

  it('answers 401 with the error envelope for a missing, malformed or unlisted key', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-uuid' }, { 'x-api-key': '00000000-0000-0000-0000-000000000000' }, { 'x-api-key': `${CLIENT_KEY}0` }] as Record<string, string>[]) {
      const { status, body } = await errorOf(await post(ai.server, '/ai/request', { provider: 'p', context }, { ...withReferer, ...headers }));
      assert.equal(status, 401, JSON.stringify(headers));
      assert.equal(body.success, false);
      assert.equal(body.error.code, 401);
      assert.equal(typeof body.error.message, 'string');
    }
  });

  it('answers 403 when neither Referer nor Origin matches the configured referers', async () => {
    const key = { 'x-api-key': CLIENT_KEY };
    assert.equal((await post(ai.server, '/ai/request', { provider: 'p', context }, { ...key, referer: 'https://app.example.com.evil.net/' })).status, 403);
    assert.equal((await post(ai.server, '/ai/request', { provider: 'p', context }, key)).status, 403);
    const byOrigin = await post(ai.server, '/ai/request', { provider: 'p', context }, { ...key, origin: 'https://docs.example.org' });
    assert.equal(byOrigin.status, 200);
    await byOrigin.text();
  });

  it('leaves /ai/health open', async () => {
    const response = await fetch(`${ai.server.url}/ai/health`);
    assert.equal(response.status, 200);
    assert.deepEqual(((await response.json()) as any).providers, ['p']);
  });
});

describe('the embedder checkAuthentication callback', () => {
  let server: RunningServer;
  const seen: Array<{ apiKey: string; referer?: string }> = [];
  before(async () => {
    server = await startTestServer(
      { ai: { providers: { p: { type: 'openai-compatible', apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', defaultModel: 'm' } } } },
      {
        checkAiAuthentication: async ({ apiKey, referer, req }) => {
          seen.push({ apiKey, ...(referer ? { referer } : {}) });
          if (req.get('x-user') === 'broken') throw new Error('db at postgres://admin:pw@db/users is down');
          return req.get('x-user') ?? null;
        },
      },
    );
  });
  after(() => server.close(0));

  it('lets a user id through and turns null or a throw into 401 without leaking the reason', async () => {
    const headers = { 'x-api-key': CLIENT_KEY, referer: 'https://x.example/' };
    const ok = await fetch(`${server.url}/ai/providers`, { headers: { ...headers, 'x-user': 'user-42' } });
    assert.equal(ok.status, 200);
    assert.deepEqual(seen.at(-1), { apiKey: CLIENT_KEY, referer: 'https://x.example/' });
    assert.equal((await fetch(`${server.url}/ai/providers`, { headers })).status, 401);
    const broken = await fetch(`${server.url}/ai/providers`, { headers: { ...headers, 'x-user': 'broken' } });
    assert.equal(broken.status, 401);
    assert.doesNotMatch(await broken.text(), /postgres|admin|down/);
  });
});

describe('AI request validation over HTTP', () => {
  let ai: AiTestServer;
  before(async () => {
    ai = await startAiServer('openai-compatible', startOpenAiChatUpstream, {
      maxBodyBytes: 2_000,
      providers: {
        p: { type: 'openai-compatible', apiKey: 'k', defaultModel: 'm', baseUrl: 'http://127.0.0.1:9/v1' },
        off: { type: 'openai-compatible', apiKey: 'k', defaultModel: 'm', enabled: false },
      },
    });
  });
  after(() => ai.close());

  const key = { authorization: `Bearer ${CLIENT_KEY}` };

  it('answers 400 for malformed JSON', async () => {
    const { status, body } = await errorOf(await post(ai.server, '/ai/request', '{"provider": "p", ', key));
    assert.equal(status, 400);
    assert.equal(body.error.message, 'Malformed JSON body');
  });

  it('answers 400 with zod issues in details for a body that breaks the schema', async () => {
    const { status, body } = await errorOf(await post(ai.server, '/ai/request', { provider: 'p', context: { messages: [{ role: 'robot', content: 1 }] } }, key));
    assert.equal(status, 400);
    assert.ok(Array.isArray(body.error.details));
    assert.deepEqual(body.error.details.map((i: any) => i.path.join('.')).sort(), ['context.messages.0.content', 'context.messages.0.role']);
  });

  it('answers 400 for an unknown or disabled provider, and for an unknown conversation', async () => {
    for (const provider of ['nope', 'off']) {
      const { status, body } = await errorOf(await post(ai.server, '/ai/request', { provider, context }, key));
      assert.equal(status, 400);
      assert.match(body.error.message, new RegExp(provider));
    }
    const unknown = await errorOf(await post(ai.server, '/ai/request', { provider: 'p', context: { ...context, mode: 'incremental', parentMessageId: 'resp_gone' } }, key));
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error.message, /unknown or expired/);
  });

  it('answers 413 for a body over ai.maxBodyBytes', async () => {
    const big = { provider: 'p', context: { ...context, instructions: 'x'.repeat(5_000) } };
    const { status, body } = await errorOf(await post(ai.server, '/ai/request', big, key));
    assert.equal(status, 413);
    assert.equal(body.error.code, 413);
  });
});
