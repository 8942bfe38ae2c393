import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAiServer, type AiTestServer } from '../../support/ai-server.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text.js';

describe('what the AI adapter reports to /metrics', () => {
  let ai: AiTestServer;
  before(async () => {
    ai = await startAiServer('openai-compatible', startOpenAiChatUpstream, { rateLimit: { max: 2, windowMs: 60_000 } });
  });
  after(async () => ai.close());

  it('counts streams, provider calls, tokens and rate-limit refusals', async () => {
    ai.upstream.respondWith({ kind: 'text', chunks: ['a', 'b'], usage: { input: 4, output: 2 } });
    const response = await ai.request({ mode: 'full', messages: [{ role: 'user', content: 'hi' }] });
    await response.text();
    const second = await ai.request({ mode: 'full', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(second.status, 200);
    await second.text();
    assert.equal((await ai.request({ mode: 'full', messages: [{ role: 'user', content: 'hi' }] })).status, 429);
    const samples = parsePrometheusText(await (await fetch(`${ai.server.url}/metrics`)).text());
    assert.equal(sampleValue(samples, 'sse_streams_open', {}), 0, 'every stream that opened was closed');
    assert.equal(sampleValue(samples, 'ai_tokens_total', { provider: 'p', model: 'model-default', direction: 'input' }), 8, 'two completed streams of 4 input tokens');
    assert.equal(sampleValue(samples, 'ai_tokens_total', { provider: 'p', model: 'model-default', direction: 'output' }), 4);
    assert.ok((sampleValue(samples, 'ai_provider_request_duration_seconds_count', { provider: 'p', outcome: 'ok' }) ?? 0) >= 2);
    assert.equal(sampleValue(samples, 'rate_limit_rejections_total', { scope: 'key' }), 1);
  });
});
