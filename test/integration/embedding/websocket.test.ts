import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { startServer, type RunningEditorBackend } from '../../../src/index.js';
import { CLIENT_KEY } from '../../support/ai-server.js';
import type { FakeUpstream } from '../../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';

type Event = { type: string; [field: string]: any };

/** A WebSocket client that keeps every event it receives, and can wait for one of a type. */
const connect = async (url: string, headers: Record<string, string> = {}) => {
  const socket = new WebSocket(url, { headers });
  const events: Event[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as Event);
    for (const wake of waiters.splice(0)) wake();
  });
  await once(socket, 'open');
  const next = async (type: string, from = 0): Promise<Event> => {
    for (;;) {
      const found = events.slice(from).find((e) => e.type === type);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, events, next, send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)) };
};

const request = (content = 'hello') => ({
  type: 'request',
  provider: 'local',
  context: { mode: 'full', messages: [{ id: '1', role: 'user', content, timestamp: 1 }] },
});

const waitUntil = async (predicate: () => boolean, ms = 5_000) => {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('Text generation over WebSocket (/ai/ws)', () => {
  let upstream: FakeUpstream;
  let running: RunningEditorBackend;
  let wsUrl: string;
  before(async () => {
    upstream = await startOpenAiChatUpstream();
    running = await startServer({
      host: '127.0.0.1',
      port: 0,
      logLevel: 'silent',
      ai: {
        providers: { local: { type: 'openai-compatible', apiKey: 'sk-ws-provider-key', baseUrl: `${upstream.url}/v1`, defaultModel: 'm1' } },
        rateLimit: { max: 6, windowMs: 60_000 },
        retry: { maxRetries: 0 },
      },
    });
    wsUrl = `${running.url.replace('http', 'ws')}/ai/ws`;
  });
  after(async () => {
    await running.close(0);
    await upstream.close();
  });

  // Keys are not configured, so any well-formed one is a client; each test below the first two takes
  // its own so their requests do not eat into one another's rate-limit budget.
  it('sends the same event objects as the SSE stream, one per message', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Over', ' the', ' socket'], usage: { input: 3, output: 3 } });
    const client = await connect(`${wsUrl}?key=${CLIENT_KEY}`);
    client.send(request());
    const completed = await client.next('completed');
    assert.deepEqual(client.events.map((e) => e.type), ['created', 'text-delta', 'text-delta', 'text-delta', 'completed']);
    assert.equal(client.events.filter((e) => e.type === 'text-delta').map((e) => e.delta).join(''), 'Over the socket');
    // As over SSE (decisions.md): `completed` carries the provider's response id where it has one.
    assert.match(completed.response.responseId, /^chatcmpl-/);
    assert.equal(completed.response.content, 'Over the socket');
    assert.deepEqual(completed.response.metadata.usage, { inputTokens: 3, outputTokens: 3, totalTokens: 6 });
    client.socket.close();
  });

  it('refuses the upgrade without a valid key (401), and takes the key from a header too', async () => {
    const refused = new WebSocket(`${wsUrl}?key=not-a-key`);
    const [, response] = (await once(refused, 'unexpected-response')) as [unknown, { statusCode: number }];
    assert.equal(response.statusCode, 401);
    const viaHeader = await connect(wsUrl, { authorization: `Bearer ${CLIENT_KEY}` });
    viaHeader.send(request());
    await viaHeader.next('completed');
    viaHeader.socket.close();
  });

  it('stops the provider call on {"type":"cancel"} and says so; the socket takes the next request', async () => {
    upstream.respondWith({ kind: 'stall', chunks: ['partial'] });
    const client = await connect(`${wsUrl}?key=${randomUUID()}`);
    client.send(request('please stall'));
    await client.next('text-delta');
    client.send({ type: 'cancel' });
    await client.next('cancelled');
    await waitUntil(() => upstream.lastRequest().aborted);
    upstream.respondWith({ kind: 'text', chunks: ['again'], usage: { input: 1, output: 1 } });
    const mark = client.events.length;
    client.send(request('next one'));
    assert.equal((await client.next('completed', mark)).response.content, 'again');
    client.socket.close();
  });

  it('stops the provider call when the socket closes mid-stream', async () => {
    upstream.respondWith({ kind: 'stall', chunks: ['partial'] });
    const client = await connect(`${wsUrl}?key=${randomUUID()}`);
    client.send(request('left mid-stream'));
    await client.next('text-delta');
    client.socket.terminate();
    await waitUntil(() => upstream.lastRequest().aborted && JSON.stringify(upstream.lastRequest().body).includes('left mid-stream'));
  });

  it('answers bad messages with an error event and keeps the socket open', async () => {
    const client = await connect(`${wsUrl}?key=${randomUUID()}`);
    client.send('{not json');
    const notJson = await client.next('error');
    assert.equal(notJson.error.code, 400);
    client.send({ type: 'request', provider: 'local', context: { messages: 'not a list' } });
    await waitUntil(() => client.events.filter((e) => e.type === 'error').length === 2);
    assert.equal(client.events.at(-1)!.error.code, 400);
    assert.ok(client.events.at(-1)!.details, 'the validation issues are given');
    client.send({ type: 'request', provider: 'nobody', context: request().context });
    await waitUntil(() => client.events.filter((e) => e.type === 'error').length === 3);
    assert.match(client.events.at(-1)!.message, /nobody/);
    assert.equal(client.socket.readyState, WebSocket.OPEN);
    client.socket.close();
  });

  it('refuses a second request while one runs (409)', async () => {
    upstream.respondWith({ kind: 'stall', chunks: ['busy'] });
    const client = await connect(`${wsUrl}?key=${randomUUID()}`);
    client.send(request('first'));
    await client.next('text-delta');
    client.send(request('second'));
    const busy = await client.next('error');
    assert.equal(busy.error.code, 409);
    client.socket.close();
  });

  it('counts requests against the same rate limit as HTTP', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['ok'], usage: { input: 1, output: 1 } });
    const key = '0d6f9a8e-1111-4222-8333-944455556666';
    const client = await connect(`${wsUrl}?key=${key}`);
    // Four over WebSocket and two over HTTP use up the budget of six; the seventh is refused either way.
    for (let i = 0; i < 4; i++) {
      const mark = client.events.length;
      client.send(request(`n${i}`));
      await client.next('completed', mark);
    }
    for (let i = 0; i < 2; i++) assert.equal((await fetch(`${running.url}/ai/providers?key=${key}`)).status, 200);
    const mark = client.events.length;
    client.send(request('one too many'));
    const limited = await client.next('error', mark);
    assert.equal(limited.error.code, 429);
    assert.ok(limited.retryAfterMs > 0);
    assert.equal((await fetch(`${running.url}/ai/providers?key=${key}`)).status, 429);
    client.socket.close();
  });
});
