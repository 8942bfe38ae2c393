import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OPENAI_PROVIDER_TYPES, startAiServer, type AiTestServer } from '../../support/ai-server.js';
import { parseJoditEvents } from '../../support/jodit-sse.js';

const user = (content: string) => ({ id: `m-${content.length}`, role: 'user', content, timestamp: 1_760_000_000_000 });

const insertTable = {
  name: 'insertTable',
  description: 'Insert a table at the cursor',
  parameters: [
    { name: 'rows', type: 'number', description: 'Number of rows', required: true },
    { name: 'style', type: 'string', description: 'Look', required: false, enum: ['plain', 'striped'] },
  ],
  requiresPermission: true,
};

for (const { type, start } of OPENAI_PROVIDER_TYPES) {
  describe(`POST /ai/request through a "${type}" provider`, () => {
    let ai: AiTestServer;
    before(async () => {
      ai = await startAiServer(type, start);
    });
    after(() => ai.close());

    it('streams created, text deltas and completed as the Jodit client reads them', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['Hello', ', ', 'editor!'], usage: { input: 9, output: 3 } });
      const response = await ai.request({ mode: 'full', conversationId: 'c1', messages: [user('Greet me')], tools: [] });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      const text = await response.text();
      assert.doesNotMatch(text, /\r|\[DONE\]/);
      const events = parseJoditEvents(text);
      assert.deepEqual(events.map((e) => e.event), ['created', 'text-delta', 'text-delta', 'text-delta', 'completed']);
      for (const e of events) assert.equal(e.data.type, e.event);
      assert.deepEqual(events[0]!.data.response, { responseId: events[0]!.data.response.responseId, content: '', finished: false });
      assert.equal(events.slice(1, 4).map((e) => e.data.delta).join(''), 'Hello, editor!');
      const completed = events.at(-1)!.data.response;
      assert.equal(completed.content, 'Hello, editor!');
      assert.equal(completed.finished, true);
      assert.deepEqual(completed.toolCalls, []);
      assert.equal(completed.metadata.model, 'model-default');
      assert.deepEqual(completed.metadata.usage, { inputTokens: 9, outputTokens: 3, totalTokens: 12 });
      assert.match(completed.responseId, type === 'openai' ? /^resp_fake/ : /^chatcmpl-fake/);
    });

    it('sends the model, instructions, selection and Jodit tools upstream as the provider expects', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['o', 'k'], usage: { input: 1, output: 1 } });
      await (
        await ai.request({
          mode: 'full',
          messages: [user('Make it shorter')],
          tools: [insertTable],
          instructions: 'You are a careful editor.',
          selectionContexts: [{ html: '<p>The long selected paragraph</p>' }],
          conversationOptions: { model: 'chosen-model', temperature: 0.3 },
        })
      ).text();
      const body = ai.upstream.lastRequest().body as any;
      assert.equal(body.model, 'chosen-model');
      assert.equal(body.temperature, 0.3);
      const seen = JSON.stringify(body);
      assert.match(seen, /You are a careful editor\./);
      assert.match(seen, /The long selected paragraph/);
      const tool = type === 'openai' ? body.tools[0] : body.tools[0].function;
      assert.equal(tool.name, 'insertTable');
      assert.deepEqual(tool.parameters, {
        type: 'object',
        properties: { rows: { type: 'number', description: 'Number of rows' }, style: { type: 'string', description: 'Look', enum: ['plain', 'striped'] } },
        required: ['rows'],
      });
    });

    it('accepts a JSON Schema object as tool parameters', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['o', 'k'], usage: { input: 1, output: 1 } });
      const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
      await (await ai.request({ messages: [user('Search')], tools: [{ name: 'search', description: 'Search', parameters: schema }] })).text();
      const body = ai.upstream.lastRequest().body as any;
      assert.deepEqual(type === 'openai' ? body.tools[0].parameters : body.tools[0].function.parameters, schema);
    });

    it('completes a tool round trip: tool call, then the tool result, then the final text', async () => {
      ai.upstream.respondWith({ kind: 'tool-call', name: 'insertTable', arguments: { rows: 3 }, usage: { input: 5, output: 2 } });
      const first = parseJoditEvents(await (await ai.request({ mode: 'full', messages: [user('Add a table')], tools: [insertTable] })).text());
      const completed = first.at(-1)!;
      assert.equal(completed.event, 'completed');
      const [call] = completed.data.response.toolCalls;
      assert.equal(call.name, 'insertTable');
      assert.deepEqual(call.arguments, { rows: 3 });
      assert.equal(call.status, 'pending');
      assert.ok(call.id);

      ai.upstream.respondWith({ kind: 'text', chunks: ['Table', ' added.'], usage: { input: 8, output: 2 } });
      const second = parseJoditEvents(
        await (
          await ai.request({
            mode: 'full',
            messages: [
              user('Add a table'),
              { id: 'a1', role: 'assistant', content: '', timestamp: 1, toolCalls: [call] },
              { id: 't1', role: 'tool', content: '', timestamp: 2, toolResults: [{ toolCallId: call.id, result: { inserted: true } }] },
            ],
            tools: [insertTable],
          })
        ).text(),
      );
      assert.equal(second.at(-1)!.data.response.content, 'Table added.');
      const body = ai.upstream.lastRequest().body as any;
      if (type === 'openai') {
        assert.deepEqual(body.input.slice(1), [
          { type: 'function_call', call_id: call.id, name: 'insertTable', arguments: '{"rows":3}' },
          { type: 'function_call_output', call_id: call.id, output: '{"inserted":true}' },
        ]);
      } else {
        assert.deepEqual(body.messages.slice(-2), [
          { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: { name: 'insertTable', arguments: '{"rows":3}' } }] },
          { role: 'tool', tool_call_id: call.id, content: '{"inserted":true}' },
        ]);
      }
    });

    it('continues a conversation in incremental mode from parentMessageId', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['My name', ' is Fake.'], usage: { input: 2, output: 2 } });
      const first = parseJoditEvents(await (await ai.request({ mode: 'incremental', messages: [user('What is your name?')], tools: [] })).text());
      const parentMessageId = first.at(-1)!.data.response.responseId;

      ai.upstream.respondWith({ kind: 'text', chunks: ['Yes', '.'], usage: { input: 6, output: 1 } });
      const second = parseJoditEvents(
        await (await ai.request({ mode: 'incremental', parentMessageId, messages: [user('Are you sure?')], tools: [] })).text(),
      );
      assert.equal(second.at(-1)!.event, 'completed');
      const body = ai.upstream.lastRequest().body as any;
      if (type === 'openai') {
        assert.equal(body.previous_response_id, parentMessageId);
        assert.deepEqual(body.input, [{ role: 'user', content: 'Are you sure?' }]);
      } else {
        assert.deepEqual(
          body.messages.map((m: any) => [m.role, m.content]),
          [
            ['user', 'What is your name?'],
            ['assistant', 'My name is Fake.'],
            ['user', 'Are you sure?'],
          ],
        );
      }
    });

    it('answers JSON with the whole result when context.metadata.stream is false', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['All', ' at once'], usage: { input: 4, output: 2 } });
      const response = await ai.request({ messages: [user('Hi')], tools: [], metadata: { stream: false } });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /application\/json/);
      const body = (await response.json()) as any;
      assert.equal(body.success, true);
      assert.equal(body.result.content, 'All at once');
      assert.equal(body.result.finished, true);
      assert.deepEqual(body.result.metadata.usage, { inputTokens: 4, outputTokens: 2, totalTokens: 6 });
      assert.ok(body.result.responseId);
    });

    it('sends the client\'s X-Provider-Key upstream instead of the configured key', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['k', 'ey'], usage: { input: 1, output: 1 } });
      await (await ai.request({ messages: [user('Hi')] }, { headers: { 'x-provider-key': 'sk-client-own-key' } })).text();
      assert.equal(ai.upstream.lastRequest().headers.authorization, 'Bearer sk-client-own-key');
    });
  });
}
