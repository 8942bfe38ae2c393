import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ProviderError } from '../../domain/ai/errors.js';
import type { GenerationRequest } from '../../domain/ai/messages.js';
import type { StreamPart } from '../../domain/ai/stream-part.js';
import type { TextGenerator } from '../../ports/text-generator.js';

/** What the fake upstream should answer to the next request, in the provider's own wire protocol. */
export type UpstreamScript =
  | { kind: 'text'; chunks: string[]; usage: { input: number; output: number }; responseId?: string }
  | { kind: 'tool-call'; name: string; arguments: Record<string, unknown>; usage: { input: number; output: number } }
  | { kind: 'http-error'; status: number; message: string; retryAfterSeconds?: number }
  /** Sends the first chunk, then nothing until the client goes away. */
  | { kind: 'stall'; chunks: string[] };

export interface ObservedRequest {
  /** The JSON body the provider received. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** Whether the client closed the connection before the fake finished answering. */
  aborted: boolean;
}

/** A provider adapter wired to a local fake server that speaks that provider's real protocol. */
export interface TextGeneratorFixture {
  generator: TextGenerator;
  respondWith(script: UpstreamScript): void;
  lastRequest(): ObservedRequest;
  close(): Promise<void>;
}

const request = (overrides: Partial<GenerationRequest> = {}): GenerationRequest => ({
  model: 'test-model',
  instructions: 'Answer like a pirate.',
  messages: [{ role: 'user', content: 'Say hello to the contract suite.' }],
  tools: [],
  ...overrides,
});

const collect = async (parts: AsyncIterable<StreamPart>): Promise<StreamPart[]> => {
  const out: StreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
};

const waitUntil = async (predicate: () => boolean, ms = 5_000): Promise<void> => {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/**
 * The behaviour every `TextGenerator` adapter shares, checked through the
 * real SDK against a fake upstream. A new provider type passes this first.
 */
export const textGeneratorContract = (adapterName: string, makeFixture: () => Promise<TextGeneratorFixture>): void => {
  describe(`TextGenerator contract: ${adapterName}`, () => {
    let fixture: TextGeneratorFixture;
    before(async () => {
      fixture = await makeFixture();
    });
    after(async () => fixture.close());

    it('streams text deltas in order, then one finish with the model and usage', async () => {
      fixture.respondWith({ kind: 'text', chunks: ['Ahoy', ', contract', ' suite!'], usage: { input: 12, output: 5 } });
      const parts = await collect(fixture.generator.stream(request(), { signal: new AbortController().signal }));
      const deltas = parts.filter((p) => p.type === 'text-delta').map((p) => p.delta);
      assert.equal(deltas.join(''), 'Ahoy, contract suite!');
      assert.ok(deltas.length >= 2, 'text arrives in several deltas, not one buffered string');
      const finish = parts.at(-1);
      assert.equal(finish?.type, 'finish');
      assert.equal(parts.filter((p) => p.type === 'finish').length, 1);
      if (finish?.type === 'finish') {
        assert.ok(finish.model.length > 0);
        assert.deepEqual(finish.usage, { inputTokens: 12, outputTokens: 5, totalTokens: 17 });
        assert.equal(finish.finishReason, 'stop');
      }
    });

    it('sends the model, the instructions and the messages upstream', async () => {
      fixture.respondWith({ kind: 'text', chunks: ['ok', '!'], usage: { input: 1, output: 1 } });
      await collect(fixture.generator.stream(request({ model: 'chosen-model' }), { signal: new AbortController().signal }));
      const seen = JSON.stringify(fixture.lastRequest().body) + JSON.stringify(fixture.lastRequest().headers);
      assert.match(seen, /chosen-model/);
      assert.match(seen, /Answer like a pirate\./);
      assert.match(seen, /Say hello to the contract suite\./);
    });

    it('uses a per-request key instead of the configured one', async () => {
      fixture.respondWith({ kind: 'text', chunks: ['k', 'ey'], usage: { input: 1, output: 1 } });
      await collect(fixture.generator.stream(request(), { signal: new AbortController().signal, apiKey: 'client-supplied-key-123' }));
      assert.match(JSON.stringify(fixture.lastRequest().headers), /client-supplied-key-123/);
    });

    it('turns a streamed tool call into one tool-call part with parsed arguments and an id', async () => {
      fixture.respondWith({ kind: 'tool-call', name: 'insertTable', arguments: { rows: 2, caption: 'Q1' }, usage: { input: 3, output: 4 } });
      const parts = await collect(
        fixture.generator.stream(
          request({ tools: [{ name: 'insertTable', description: 'Insert a table', parameters: { type: 'object', properties: { rows: { type: 'number' }, caption: { type: 'string' } } } }] }),
          { signal: new AbortController().signal },
        ),
      );
      const calls = parts.filter((p) => p.type === 'tool-call');
      assert.equal(calls.length, 1);
      const call = calls[0]!.type === 'tool-call' ? calls[0]!.toolCall : undefined;
      assert.equal(call?.name, 'insertTable');
      assert.deepEqual(call?.arguments, { rows: 2, caption: 'Q1' });
      assert.ok(call && call.id.length > 0);
      const finish = parts.at(-1);
      assert.equal(finish?.type === 'finish' && finish.finishReason, 'tool-calls');
      assert.match(JSON.stringify(fixture.lastRequest().body), /insertTable/);
    });

    it('throws a retryable ProviderError for a 5xx, with the status', async () => {
      fixture.respondWith({ kind: 'http-error', status: 503, message: 'overloaded' });
      await assert.rejects(collect(fixture.generator.stream(request(), { signal: new AbortController().signal })), (error: unknown) => {
        assert.ok(error instanceof ProviderError, String(error));
        assert.equal(error.status, 503);
        assert.equal(error.retryable, true);
        return true;
      });
    });

    it('throws a non-retryable ProviderError for a 400, and reads Retry-After on a 429', async () => {
      fixture.respondWith({ kind: 'http-error', status: 400, message: 'bad request' });
      await assert.rejects(collect(fixture.generator.stream(request(), { signal: new AbortController().signal })), (error: unknown) => {
        assert.ok(error instanceof ProviderError);
        assert.equal(error.retryable, false);
        return true;
      });
      fixture.respondWith({ kind: 'http-error', status: 429, message: 'slow down', retryAfterSeconds: 7 });
      await assert.rejects(collect(fixture.generator.stream(request(), { signal: new AbortController().signal })), (error: unknown) => {
        assert.ok(error instanceof ProviderError);
        assert.equal(error.retryable, true);
        assert.equal(error.retryAfterMs, 7_000);
        return true;
      });
    });

    it('stops the upstream call at once when the signal fires mid-stream', async () => {
      fixture.respondWith({ kind: 'stall', chunks: ['first'] });
      const controller = new AbortController();
      const seen: StreamPart[] = [];
      const consuming = (async () => {
        for await (const part of fixture.generator.stream(request(), { signal: controller.signal })) {
          seen.push(part);
          if (part.type === 'text-delta') controller.abort();
        }
      })();
      await assert.rejects(consuming);
      assert.equal(seen.filter((p) => p.type === 'text-delta').length, 1);
      await waitUntil(() => fixture.lastRequest().aborted);
    });
  });
};
