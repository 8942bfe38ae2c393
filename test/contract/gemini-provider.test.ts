import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGeminiProvider } from '../../src/adapters/outbound/gemini/create-gemini-provider.js';
import { SKIP_SIGNATURE_VALIDATOR } from '../../src/adapters/outbound/gemini/thought-signatures.js';
import { ProviderError } from '../../src/domain/ai/errors.js';
import type { ToolCall } from '../../src/domain/ai/messages.js';
import type { ProviderAdapters } from '../../src/ports/provider-adapters.js';
import type { FakeUpstream } from '../support/fakes/scripted-upstream.js';
import { FAKE_IMAGE_B64, FAKE_THOUGHT_SIGNATURE, startFakeGemini } from '../support/fakes/gemini-server.js';

describe('Gemini provider against the fake Gemini API', () => {
  let upstream: FakeUpstream;
  let provider: ProviderAdapters;
  const signal = new AbortController().signal;
  before(async () => {
    upstream = await startFakeGemini();
    provider = createGeminiProvider({ type: 'gemini', apiKey: 'configured-gemini-key', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
  });
  after(() => upstream.close());

  it('generates n base64 images through generateContent image output, with the aspect ratio', async () => {
    const before = upstream.requests.length;
    const result = await provider.image!.generate({ prompt: 'a lighthouse', model: 'gemini-2.5-flash-image', n: 2, size: '1792x1024' }, { signal });
    assert.deepEqual(result, { images: [{ b64_json: FAKE_IMAGE_B64 }, { b64_json: FAKE_IMAGE_B64 }], model: 'gemini-2.5-flash-image' });
    const calls = upstream.requests.slice(before);
    assert.equal(calls.length, 2);
    assert.equal(calls[0]!.url, '/v1beta/models/gemini-2.5-flash-image:generateContent');
    assert.deepEqual(calls[0]!.body, {
      contents: [{ role: 'user', parts: [{ text: 'a lighthouse' }] }],
      generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '16:9' } },
    });
  });

  it('reports an image failure as a ProviderError with the status', async () => {
    upstream.respondWith({ kind: 'http-error', status: 400, message: 'prompt refused' });
    await assert.rejects(provider.image!.generate({ prompt: 'x', model: 'imagen', n: 1 }, { signal }), (error: unknown) => {
      assert.ok(error instanceof ProviderError);
      assert.equal(error.status, 400);
      assert.match(error.message, /prompt refused/);
      return true;
    });
  });

  it('sends a tool round trip upstream as functionCall and functionResponse parts', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Done', '.'], usage: { input: 5, output: 2 } });
    const parts = [];
    for await (const part of provider.text.stream(
      {
        model: 'gemini-2.5-flash',
        messages: [
          { role: 'user', content: 'Add a table' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'insertTable', arguments: { rows: 2 } }] },
          { role: 'tool', content: '', toolResults: [{ toolCallId: 'call_1', result: { inserted: true } }] },
        ],
        tools: [{ name: 'insertTable', parameters: { type: 'object', properties: { rows: { type: 'number' } } } }],
      },
      { signal },
    )) parts.push(part);
    assert.equal(parts.at(-1)?.type, 'finish');
    const body = upstream.lastRequest().body as { contents: unknown[]; tools: unknown[] };
    assert.deepEqual(body.contents.slice(1), [
      { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'insertTable', args: { rows: 2 } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'insertTable', response: { inserted: true } } }] },
    ]);
    assert.deepEqual(body.tools, [{ functionDeclarations: [{ name: 'insertTable', parametersJsonSchema: { type: 'object', properties: { rows: { type: 'number' } } } }] }]);
  });
});

describe('Gemini thought signatures on replayed tool calls', () => {
  const replay = async (provider: ProviderAdapters, model: string, call: ToolCall) => {
    for await (const _ of provider.text.stream(
      {
        model,
        messages: [
          { role: 'user', content: 'Add a table' },
          { role: 'assistant', content: '', toolCalls: [call] },
          { role: 'tool', content: '', toolResults: [{ toolCallId: call.id, result: 'ok' }] },
        ],
        tools: [],
      },
      { signal: new AbortController().signal },
    ));
  };
  const replayedPart = (upstream: FakeUpstream) => (upstream.lastRequest().body as { contents: { parts: Record<string, unknown>[] }[] }).contents[1]!.parts[0];

  it('sends back the signature Gemini gave the call, and the documented stand-in for calls it does not know on Gemini 3', async () => {
    const upstream = await startFakeGemini();
    try {
      const provider = createGeminiProvider({ type: 'gemini', apiKey: 'k', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
      upstream.respondWith({ kind: 'tool-call', name: 'insertTable', arguments: { rows: 1 }, usage: { input: 1, output: 1 } });
      let call: ToolCall | undefined;
      for await (const part of provider.text.stream({ model: 'gemini-3-pro', messages: [{ role: 'user', content: 'Add a table' }], tools: [] }, { signal: new AbortController().signal })) {
        if (part.type === 'tool-call') call = part.toolCall;
      }
      assert.match(call!.id, /^call_/, 'Gemini gave no id, so the adapter made one');
      upstream.respondWith({ kind: 'text', chunks: ['Done'], usage: { input: 1, output: 1 } });
      await replay(provider, 'gemini-3-pro', call!);
      assert.equal(replayedPart(upstream)!.thoughtSignature, FAKE_THOUGHT_SIGNATURE);
      await replay(provider, 'gemini-3-pro', { id: 'call_from_elsewhere', name: 'insertTable', arguments: {} });
      assert.equal(replayedPart(upstream)!.thoughtSignature, SKIP_SIGNATURE_VALIDATOR);
      await replay(provider, 'gemini-2.5-flash', { id: 'call_from_elsewhere', name: 'insertTable', arguments: {} });
      assert.equal(replayedPart(upstream)!.thoughtSignature, undefined);
    } finally {
      await upstream.close();
    }
  });
});

describe('Gemini provider stream failures', () => {
  it('throws a retryable ProviderError when an error chunk arrives mid-stream, after the text already given', async () => {
    const upstream = await startFakeGemini();
    try {
      const provider = createGeminiProvider({ type: 'gemini', apiKey: 'k', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
      upstream.respondWith({ kind: 'stream-error', chunks: ['Half an ans'], message: 'The model is overloaded' });
      const seen: string[] = [];
      await assert.rejects(
        (async () => {
          for await (const part of provider.text.stream({ model: 'gemini', messages: [{ role: 'user', content: 'hi' }], tools: [] }, { signal: new AbortController().signal })) {
            if (part.type === 'text-delta') seen.push(part.delta);
          }
        })(),
        (error: unknown) => {
          assert.ok(error instanceof ProviderError, String(error));
          assert.equal(error.status, 503);
          assert.equal(error.retryable, true);
          assert.match(error.message, /overloaded/);
          return true;
        },
      );
      assert.deepEqual(seen, ['Half an ans']);
    } finally {
      await upstream.close();
    }
  });
});
