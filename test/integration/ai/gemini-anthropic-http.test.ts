import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { startFakeAnthropic } from '../../support/fakes/anthropic-server.js';
import { startFakeGemini } from '../../support/fakes/gemini-server.js';
import type { FakeUpstream } from '../../support/fakes/scripted-upstream.js';
import { parseJoditEvents } from '../../support/jodit-sse.js';
import { startTestServer } from '../../support/test-server.js';

const CLIENT_KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const PROVIDER_KEY = 'provider-secret-key-for-the-fake-9x';

for (const { type, start } of [
  { type: 'gemini', start: startFakeGemini },
  { type: 'anthropic', start: startFakeAnthropic },
] as const) {
  describe(`POST /ai/request through the ${type} provider, as the Jodit client reads it`, () => {
    let upstream: FakeUpstream;
    let server: RunningServer;
    const ask = async (context: Record<string, unknown>) => {
      const response = await fetch(`${server.url}/ai/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}` },
        body: JSON.stringify({ provider: 'p', context }),
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/event-stream');
      const text = await response.text();
      assert.ok(!text.includes(PROVIDER_KEY), 'the provider key never reaches the client');
      return parseJoditEvents(text);
    };

    before(async () => {
      upstream = await start();
      server = await startTestServer({
        ai: { providers: { p: { type, apiKey: PROVIDER_KEY, defaultModel: `${type}-model`, baseUrl: upstream.baseUrl } }, retry: { maxRetries: 0 } },
      });
    });
    after(async () => {
      await server.close(0);
      await upstream.close();
    });

    it('streams created, text deltas and completed with usage', async () => {
      upstream.respondWith({ kind: 'text', chunks: ['Hello', ' from ', type], usage: { input: 9, output: 3 } });
      const events = await ask({ mode: 'full', messages: [{ id: 'u1', role: 'user', content: 'Say hello', timestamp: 1 }] });
      assert.deepEqual(events.map((e) => e.event), ['created', 'text-delta', 'text-delta', 'text-delta', 'completed']);
      const completed = events.at(-1)!.data;
      assert.equal(completed.response.content, `Hello from ${type}`);
      assert.equal(completed.response.finished, true);
      assert.deepEqual(completed.response.metadata.usage, { inputTokens: 9, outputTokens: 3, totalTokens: 12 });
      assert.match(JSON.stringify(upstream.lastRequest().body), /Say hello/);
    });

    it('round-trips a tool call and continues the conversation from the store', async () => {
      upstream.respondWith({ kind: 'tool-call', name: 'insertTable', arguments: { rows: 2 }, usage: { input: 5, output: 2 } });
      const tools = [{ name: 'insertTable', description: 'Insert a table', parameters: [{ name: 'rows', type: 'number', required: true }] }];
      const first = await ask({ mode: 'full', tools, messages: [{ id: 'u1', role: 'user', content: 'Two-row table', timestamp: 1 }] });
      const completed = first.at(-1)!.data.response;
      const call = completed.toolCalls[0];
      assert.deepEqual({ name: call.name, arguments: call.arguments, status: call.status }, { name: 'insertTable', arguments: { rows: 2 }, status: 'pending' });
      upstream.respondWith({ kind: 'text', chunks: ['Done', '.'], usage: { input: 7, output: 1 } });
      const second = await ask({
        mode: 'incremental',
        parentMessageId: completed.responseId,
        tools,
        messages: [{ id: 't1', role: 'tool', content: '', toolResults: [{ toolCallId: call.id, result: { ok: true } }], timestamp: 2 }],
      });
      assert.equal(second.at(-1)!.data.response.content, 'Done.');
      const replayed = JSON.stringify(upstream.lastRequest().body);
      assert.match(replayed, /Two-row table/, 'the earlier turns came from the conversation store');
      assert.match(replayed, /insertTable/);
    });

    it('turns a provider failure into an error event on the stream', async () => {
      upstream.respondWith({ kind: 'http-error', status: 500, message: 'upstream exploded' });
      const events = await ask({ mode: 'full', messages: [{ id: 'u1', role: 'user', content: 'x', timestamp: 1 }] });
      assert.equal(events.at(-1)!.event, 'error');
      assert.match(events.at(-1)!.data.error.message, /./);
      assert.ok(events.every((e) => e.event !== 'completed'));
    });
  });
}
