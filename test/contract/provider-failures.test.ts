import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { createAnthropicProvider } from '../../src/adapters/outbound/anthropic/create-anthropic-provider.js';
import { createGeminiProvider } from '../../src/adapters/outbound/gemini/create-gemini-provider.js';
import { ProviderError } from '../../src/domain/ai/errors.js';
import type { ProviderConfig } from '../../src/config/ai-schema.js';
import type { StreamPart } from '../../src/domain/ai/stream-part.js';
import type { ProviderAdapters } from '../../src/ports/provider-adapters.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fakes/scripted-upstream.js';
import { startFakeAnthropic } from '../support/fakes/anthropic-server.js';
import { startFakeGemini } from '../support/fakes/gemini-server.js';

/**
 * A stream that says a few words and then ends cleanly, without the frame
 * that marks the answer whole (Gemini's `finishReason`, Anthropic's
 * `message_stop`): what a proxy or a dropped backend leaves behind.
 */
const cutOffStreams: Record<string, (res: ServerResponse) => void> = {
  gemini: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 } });
    res.write(`data: ${JSON.stringify(chunk('Half an'))}\r\n\r\n`);
    res.end(`data: ${JSON.stringify(chunk(' answer'))}\r\n\r\n`);
  },
  anthropic: (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', { message: { id: 'msg_cut', type: 'message', role: 'assistant', content: [], model: 'm', stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Half an answer' } });
    event('content_block_stop', { index: 0 });
    // Even the stop reason arrives: only message_stop is missing.
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } });
    res.end();
  },
};

const factories: [string, (config: ProviderConfig) => ProviderAdapters, ProviderConfig['type'], () => Promise<FakeUpstream>][] = [
  ['gemini', createGeminiProvider, 'gemini', startFakeGemini],
  ['anthropic', createAnthropicProvider, 'anthropic', startFakeAnthropic],
];

/** A loopback port with nothing listening: the fake is started and closed again. */
const closedPort = async (): Promise<string> => {
  const upstream = await startFakeUpstream((_req, res) => res.end());
  await upstream.close();
  return upstream.baseUrl;
};

const firstPart = (provider: ProviderAdapters, apiKey?: string) =>
  provider.text.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [] }, { signal: new AbortController().signal, apiKey })[Symbol.asyncIterator]().next();

for (const [name, create, type, startFake] of factories) {
  describe(`${name} provider failures outside the protocol`, () => {
    it('refuses to call without any key, as a non-retryable 401', async () => {
      const provider = create({ type, baseUrl: await closedPort(), enabled: true, allowClientKey: true });
      await assert.rejects(firstPart(provider), (error: unknown) => {
        assert.ok(error instanceof ProviderError);
        assert.equal(error.status, 401);
        assert.equal(error.retryable, false);
        return true;
      });
    });

    it('keeps the key out of error messages, even when the provider echoes it', async () => {
      const upstream = await startFake();
      try {
        const provider = create({ type, apiKey: 'configured-key-123', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
        upstream.respondWith({ kind: 'http-error', status: 400, message: 'Invalid parameter for key client-key-456' });
        await assert.rejects(firstPart(provider, 'client-key-456'), (error: unknown) => {
          assert.ok(error instanceof ProviderError);
          assert.equal(error.message, 'The provider answered 400: Invalid parameter for key [redacted]');
          return true;
        });
        upstream.respondWith({ kind: 'http-error', status: 401, message: 'bad key configured-key-123' });
        await assert.rejects(firstPart(provider), (error: unknown) => {
          assert.ok(error instanceof ProviderError);
          assert.equal(error.message, 'The provider refused the credentials (401)');
          assert.equal(error.retryable, false);
          return true;
        });
      } finally {
        await upstream.close();
      }
    });

    it('fails a stream that ends without its terminal frame instead of finishing it', async () => {
      const upstream = await startFake();
      try {
        const provider = create({ type, apiKey: 'k', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
        upstream.respondWith({ kind: 'raw', answer: (_req, res) => cutOffStreams[name]!(res) });
        const seen: StreamPart[] = [];
        const consuming = (async () => {
          for await (const part of provider.text.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [] }, { signal: new AbortController().signal })) seen.push(part);
        })();
        await assert.rejects(consuming, (error: unknown) => {
          assert.ok(error instanceof ProviderError, String(error));
          assert.match(error.message, /before the response was complete/);
          return true;
        });
        assert.ok(seen.some((part) => part.type === 'text-delta'), 'the text before the cut still streamed');
        assert.ok(!seen.some((part) => part.type === 'finish'), 'a cut-off answer must not finish');
      } finally {
        await upstream.close();
      }
    });

    it('reports an unreachable upstream as a retryable ProviderError without a status', async () => {
      const provider = create({ type, apiKey: 'k', baseUrl: await closedPort(), enabled: true, allowClientKey: true });
      await assert.rejects(firstPart(provider), (error: unknown) => {
        assert.ok(error instanceof ProviderError, String(error));
        assert.equal(error.status, undefined);
        assert.equal(error.retryable, true);
        return true;
      });
    });
  });
}
