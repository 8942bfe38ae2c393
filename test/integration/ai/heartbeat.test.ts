import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAiServer, type AiTestServer } from '../../support/ai-server.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { parseJoditEvents } from '../../support/jodit-sse.js';

describe('SSE heartbeat', () => {
  let ai: AiTestServer;
  before(async () => {
    ai = await startAiServer('openai-compatible', startOpenAiChatUpstream, {}, { aiHeartbeatMs: 20 });
  });
  after(() => ai.close());

  it('sends ": ping" comments while the provider is quiet, which the Jodit parser skips', async () => {
    ai.upstream.respondWith({ kind: 'stall', chunks: ['Thinking'] });
    const client = new AbortController();
    const response = await ai.request({ messages: [{ role: 'user', content: 'Hi' }] }, { signal: client.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': ping\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    client.abort();
    assert.match(text, /^: ping$/m);
    assert.deepEqual(parseJoditEvents(text).map((e) => e.event), ['created', 'text-delta']);
  });
});
