import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_MAX_TOKENS } from '../../src/adapters/outbound/anthropic/anthropic-text-generator.js';
import { createAnthropicProvider } from '../../src/adapters/outbound/anthropic/create-anthropic-provider.js';
import { ProviderError } from '../../src/domain/ai/errors.js';
import type { StreamPart } from '../../src/domain/ai/stream-part.js';
import type { ProviderAdapters } from '../../src/ports/provider-adapters.js';
import { startFakeAnthropic } from '../support/fakes/anthropic-server.js';
import type { FakeUpstream } from '../support/fakes/scripted-upstream.js';

describe('Anthropic provider against the fake Messages API', () => {
  let upstream: FakeUpstream;
  let provider: ProviderAdapters;
  const signal = new AbortController().signal;
  before(async () => {
    upstream = await startFakeAnthropic();
    provider = createAnthropicProvider({ type: 'anthropic', apiKey: 'configured-anthropic-key', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
  });
  after(() => upstream.close());

  it('offers no image generator', () => {
    assert.equal(provider.image, undefined);
    assert.equal(provider.text.keepsHistory, false);
  });

  it('sends a tool round trip as tool_use and tool_result blocks, with the default max_tokens', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Done', '.'], usage: { input: 5, output: 2 } });
    for await (const _ of provider.text.stream(
      {
        model: 'claude-sonnet-4-5',
        instructions: 'Be brief.',
        messages: [
          { role: 'user', content: 'Add a table' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_1', name: 'insertTable', arguments: { rows: 2 } }] },
          { role: 'tool', content: '', toolResults: [{ toolCallId: 'toolu_1', result: { inserted: true } }] },
        ],
        tools: [{ name: 'insertTable', parameters: { type: 'object', properties: { rows: { type: 'number' } } } }],
      },
      { signal },
    ));
    const { body, headers } = upstream.lastRequest() as { body: Record<string, unknown>; headers: Record<string, string> };
    // This SDK version sends the key as a bearer token rather than `x-api-key`.
    assert.equal(headers.authorization, 'Bearer configured-anthropic-key');
    assert.equal(body.max_tokens, DEFAULT_MAX_TOKENS);
    assert.equal(body.system, 'Be brief.');
    assert.equal(body.stream, true);
    assert.deepEqual(body.messages, [
      { role: 'user', content: [{ type: 'text', text: 'Add a table' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'insertTable', input: { rows: 2 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"inserted":true}' }] },
    ]);
    assert.deepEqual(body.tools, [{ name: 'insertTable', input_schema: { type: 'object', properties: { rows: { type: 'number' } } } }]);
  });

  it('throws a retryable ProviderError when an error event arrives mid-stream, after the text already given', async () => {
    upstream.respondWith({ kind: 'stream-error', chunks: ['Half an ans'], message: 'Overloaded' });
    const seen: StreamPart[] = [];
    await assert.rejects(
      (async () => {
        for await (const part of provider.text.stream({ model: 'claude', messages: [{ role: 'user', content: 'hi' }], tools: [] }, { signal })) seen.push(part);
      })(),
      (error: unknown) => {
        assert.ok(error instanceof ProviderError, String(error));
        assert.equal(error.retryable, true);
        assert.equal(error.message, 'The provider reported an error: Overloaded');
        return true;
      },
    );
    assert.deepEqual(seen, [{ type: 'text-delta', delta: 'Half an ans' }]);
  });

  it('never puts the API key in an error message', async () => {
    upstream.respondWith({ kind: 'http-error', status: 401, message: 'invalid x-api-key' });
    await assert.rejects(provider.text.stream({ model: 'claude', messages: [], tools: [] }, { signal, apiKey: 'sk-ant-secret-999' })[Symbol.asyncIterator]().next(), (error: unknown) => {
      assert.ok(error instanceof ProviderError);
      assert.equal(error.status, 401);
      assert.doesNotMatch(error.message, /sk-ant-secret-999/);
      return true;
    });
  });
});
