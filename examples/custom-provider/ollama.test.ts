import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger, ProviderError, startServer, type ProviderConfig, type RunningEditorBackend, type StreamPart } from 'editor-backend';
import { textGeneratorContract, type FakeUpstream } from 'editor-backend/testing';
import { startFakeOllama, type OllamaScript } from './fake-ollama-server.js';
import { createOllamaProvider } from './ollama-provider.js';
import './register.js';

const providerConfig = (baseUrl: string, extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
  type: 'ollama',
  baseUrl,
  apiKey: 'configured-key-0001',
  enabled: true,
  allowClientKey: true,
  ...extra,
});

textGeneratorContract('OllamaTextGenerator', async () => {
  const upstream = await startFakeOllama();
  return {
    generator: createOllamaProvider(providerConfig(upstream.baseUrl)).text,
    respondWith: (script) => upstream.respondWith(script),
    lastRequest: () => upstream.lastRequest(),
    close: () => upstream.close(),
  };
});

const collect = async (parts: AsyncIterable<StreamPart>): Promise<StreamPart[]> => {
  const out: StreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
};

describe('OllamaTextGenerator beyond the contract', () => {
  let upstream: FakeUpstream<OllamaScript>;
  before(async () => {
    upstream = await startFakeOllama();
  });
  after(() => upstream.close());

  it('sends a tool round trip, the parameters and keep_alive the way /api/chat takes them', async () => {
    const { text } = createOllamaProvider(providerConfig(upstream.baseUrl, { options: { keepAlive: '10m', parameters: { num_ctx: 8192 } } }));
    upstream.respondWith({ kind: 'text', chunks: ['Done', '.'], usage: { input: 30, output: 2 } });
    await collect(
      text.stream(
        {
          model: 'llama3.2',
          instructions: 'Be brief.',
          temperature: 0.2,
          maxOutputTokens: 64,
          tools: [{ name: 'insertTable', description: 'Insert a table', parameters: { type: 'object', properties: { rows: { type: 'number' } } } }],
          messages: [
            { role: 'user', content: 'Add a table' },
            { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'insertTable', arguments: { rows: 2 } }] },
            { role: 'tool', content: '', toolResults: [{ toolCallId: 'call_1', result: { inserted: true } }] },
          ],
        },
        { signal: new AbortController().signal },
      ),
    );
    assert.deepEqual(upstream.lastRequest().body, {
      model: 'llama3.2',
      stream: true,
      keep_alive: '10m',
      options: { num_ctx: 8192, temperature: 0.2, num_predict: 64 },
      tools: [{ type: 'function', function: { name: 'insertTable', description: 'Insert a table', parameters: { type: 'object', properties: { rows: { type: 'number' } } } } }],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Add a table' },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'insertTable', arguments: { rows: 2 } } }] },
        { role: 'tool', content: '{"inserted":true}', tool_name: 'insertTable' },
      ],
    });
  });

  it('turns an error line after the first chunks into a ProviderError, after the text already streamed', async () => {
    const { text } = createOllamaProvider(providerConfig(upstream.baseUrl));
    upstream.respondWith({ kind: 'stream-error', chunks: ['Half an'], message: 'llama runner process has terminated' });
    const seen: StreamPart[] = [];
    await assert.rejects(
      (async () => {
        for await (const part of text.stream({ model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [] }, { signal: new AbortController().signal })) seen.push(part);
      })(),
      (error: unknown) => error instanceof ProviderError && /llama runner process has terminated/.test(error.message),
    );
    assert.deepEqual(seen, [{ type: 'text-delta', delta: 'Half an' }]);
  });

  it('fails without a status (retryable) when nothing listens, and never sends a key it was not given', async () => {
    const { text } = createOllamaProvider(providerConfig('http://127.0.0.1:9', { apiKey: undefined }));
    await assert.rejects(collect(text.stream({ model: 'm', messages: [], tools: [] }, { signal: new AbortController().signal })), (error: unknown) => {
      assert.ok(error instanceof ProviderError);
      assert.equal(error.status, undefined);
      assert.equal(error.retryable, true);
      return true;
    });
    const keyless = createOllamaProvider(providerConfig(upstream.baseUrl, { apiKey: undefined })).text;
    upstream.respondWith({ kind: 'text', chunks: ['a', 'b'], usage: { input: 1, output: 1 } });
    await collect(keyless.stream({ model: 'm', messages: [], tools: [] }, { signal: new AbortController().signal }));
    assert.equal(upstream.lastRequest().headers.authorization, undefined);
  });

  it('refuses unknown or malformed options when the provider is built', () => {
    assert.throws(() => createOllamaProvider(providerConfig(upstream.baseUrl, { options: { keepalive: '5m' } })), /unknown option "keepalive"/);
    assert.throws(() => createOllamaProvider(providerConfig(upstream.baseUrl, { options: { parameters: 'fast' } })), /parameters must be an object/);
  });
});

const CLIENT_KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** The SSE frames of an answer, as `{event, data}`. */
const events = (text: string) =>
  text
    .split('\n\n')
    .filter((frame) => frame.startsWith('event:'))
    .map((frame) => {
      const field = (name: string) => frame.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      return { event: field('event'), data: JSON.parse(field('data')) as Record<string, any> };
    });

describe('An "ollama" provider in the config of the standalone server', () => {
  let upstream: FakeUpstream<OllamaScript>;
  let server: RunningEditorBackend;
  before(async () => {
    upstream = await startFakeOllama();
    server = await startServer(
      {
        host: '127.0.0.1',
        port: 0,
        ai: {
          providers: { local: { type: 'ollama', baseUrl: upstream.baseUrl, defaultModel: 'llama3.2', options: { keepAlive: '5m' } } },
          auth: { apiKeys: [CLIENT_KEY] },
        },
      },
      { logger: createLogger('silent') },
    );
  });
  after(async () => {
    await server.close(0);
    await upstream.close();
  });

  const request = (context: Record<string, unknown>) =>
    fetch(`${server.url}/ai/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}` },
      body: JSON.stringify({ provider: 'local', context }),
    });

  it('lists the provider with its type', async () => {
    const body = (await (await fetch(`${server.url}/ai/providers`, { headers: { authorization: `Bearer ${CLIENT_KEY}` } })).json()) as any;
    assert.match(JSON.stringify(body), /"local"/);
    assert.match(JSON.stringify(body), /"ollama"/);
  });

  it('streams /ai/request through Ollama as created, text-delta… and completed with usage', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Hello', ' from', ' Ollama'], usage: { input: 11, output: 3 } });
    const response = await request({ mode: 'full', messages: [{ role: 'user', content: 'Greet the editor' }], tools: [] });
    assert.equal(response.status, 200);
    const seen = events(await response.text());
    assert.deepEqual(seen.map((e) => e.event), ['created', 'text-delta', 'text-delta', 'text-delta', 'completed']);
    const completed = seen.at(-1)!.data.response;
    assert.equal(completed.content, 'Hello from Ollama');
    assert.equal(completed.metadata.model, 'llama3.2');
    assert.deepEqual(completed.metadata.usage, { inputTokens: 11, outputTokens: 3, totalTokens: 14 });
    const body = upstream.lastRequest().body as any;
    assert.equal(body.model, 'llama3.2');
    assert.equal(body.keep_alive, '5m');
    assert.deepEqual(body.messages, [{ role: 'user', content: 'Greet the editor' }]);
  });

  it('continues a conversation from the gateway\'s store (Ollama keeps no history)', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['First', ' answer'], usage: { input: 1, output: 2 } });
    const first = events(await (await request({ mode: 'full', messages: [{ role: 'user', content: 'One' }], tools: [] })).text());
    const parent = first.at(-1)!.data.response.responseId as string;
    upstream.respondWith({ kind: 'text', chunks: ['Second', '!'], usage: { input: 1, output: 2 } });
    await (await request({ mode: 'incremental', parentMessageId: parent, messages: [{ role: 'user', content: 'Two' }], tools: [] })).text();
    assert.deepEqual((upstream.lastRequest().body as any).messages, [
      { role: 'user', content: 'One' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'Two' },
    ]);
  });

  it('reports an Ollama error (a model not pulled) as an error event', async () => {
    upstream.respondWith({ kind: 'http-error', status: 404, message: 'model "llama9" not found, try pulling it first' });
    const seen = events(await (await request({ mode: 'full', messages: [{ role: 'user', content: 'x' }], tools: [], conversationOptions: { model: 'llama9' } })).text());
    assert.equal(seen.at(-1)!.event, 'error');
    assert.match(JSON.stringify(seen.at(-1)!.data), /model \\"llama9\\" not found/);
  });
});
