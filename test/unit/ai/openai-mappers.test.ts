import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatChunkReader } from '../../../src/adapters/outbound/openai/chat-chunks.js';
import { toChatParams } from '../../../src/adapters/outbound/openai/chat-mapper.js';
import { retryAfterMs } from '../../../src/adapters/outbound/openai/provider-errors.js';
import { ResponsesEventReader } from '../../../src/adapters/outbound/openai/responses-events.js';
import { toResponsesParams } from '../../../src/adapters/outbound/openai/responses-mapper.js';
import { ProviderError } from '../../../src/domain/ai/errors.js';
import type { GenerationRequest } from '../../../src/domain/ai/messages.js';

const conversation: GenerationRequest = {
  model: 'm',
  instructions: 'Be brief.',
  tools: [{ name: 'insertTable', description: 'Insert', parameters: { type: 'object', properties: {} } }],
  messages: [
    { role: 'user', content: 'Add two tables' },
    {
      role: 'assistant',
      content: 'Adding.',
      toolCalls: [
        { id: 'c1', name: 'insertTable', arguments: { rows: 1 } },
        { id: 'c2', name: 'insertTable', arguments: { rows: 2 } },
      ],
    },
    { role: 'tool', content: '', toolResults: [{ toolCallId: 'c1', result: 'ok' }, { toolCallId: 'c2', result: { error: 'no room' } }] },
  ],
};

describe('Responses API mapping', () => {
  it('turns tool calls and results into function_call and function_call_output items', () => {
    const params = toResponsesParams({ ...conversation, previousResponseId: 'resp_1', temperature: 0.2 });
    assert.equal(params.instructions, 'Be brief.');
    assert.equal(params.previous_response_id, 'resp_1');
    assert.deepEqual(params.input, [
      { role: 'user', content: 'Add two tables' },
      { role: 'assistant', content: 'Adding.' },
      { type: 'function_call', call_id: 'c1', name: 'insertTable', arguments: '{"rows":1}' },
      { type: 'function_call', call_id: 'c2', name: 'insertTable', arguments: '{"rows":2}' },
      { type: 'function_call_output', call_id: 'c1', output: 'ok' },
      { type: 'function_call_output', call_id: 'c2', output: '{"error":"no room"}' },
    ]);
    assert.deepEqual(params.tools, [{ type: 'function', name: 'insertTable', description: 'Insert', parameters: { type: 'object', properties: {} }, strict: false }]);
  });

  it('reads an incomplete response as a length finish, and a failed one as a ProviderError', () => {
    const reader = new ResponsesEventReader();
    const finish = reader.read({
      type: 'response.incomplete',
      response: { id: 'r', model: 'm', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 } },
    } as any);
    assert.deepEqual(finish, { type: 'finish', responseId: 'r', model: 'm', finishReason: 'length', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } });
    assert.throws(() => new ResponsesEventReader().read({ type: 'response.failed', response: { id: 'r', model: 'm', error: { message: 'boom' } } } as any), ProviderError);
    assert.equal(new ResponsesEventReader().read({ type: 'response.reasoning_summary_text.delta' }), undefined);
  });
});

describe('Chat Completions mapping', () => {
  it('puts instructions first, tool calls on the assistant turn and one tool message per result', () => {
    const params = toChatParams(conversation);
    assert.deepEqual(params.stream_options, { include_usage: true });
    assert.deepEqual(params.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Add two tables' },
      {
        role: 'assistant',
        content: 'Adding.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'insertTable', arguments: '{"rows":1}' } },
          { id: 'c2', type: 'function', function: { name: 'insertTable', arguments: '{"rows":2}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      { role: 'tool', tool_call_id: 'c2', content: '{"error":"no room"}' },
    ]);
  });

  it('assembles interleaved tool-call deltas by index, makes ids where the server sent none, and reads the usage chunk', () => {
    const reader = new ChatChunkReader('asked-model', () => 'made');
    const chunk = (delta: unknown, finish_reason: string | null = null) => ({ id: 'x', model: 'served-model', choices: [{ index: 0, delta, finish_reason }] });
    const parts = [
      ...reader.read(chunk({ role: 'assistant', content: 'Sure. ' })),
      ...reader.read(chunk({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'insertTable', arguments: '{"ro' } }] })),
      ...reader.read(chunk({ tool_calls: [{ index: 1, function: { name: 'insert', arguments: '' } }] })),
      ...reader.read(chunk({ tool_calls: [{ index: 1, function: { name: 'Image', arguments: '{"src":"a.png"}' } }] })),
      ...reader.read(chunk({ tool_calls: [{ index: 0, function: { arguments: 'ws":2}' } }] })),
      ...reader.read(chunk({}, 'tool_calls')),
      ...reader.read({ id: 'x', choices: [], usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } }),
      ...reader.finish(),
    ];
    assert.deepEqual(parts, [
      { type: 'text-delta', delta: 'Sure. ' },
      { type: 'tool-call', toolCall: { id: 'call_a', name: 'insertTable', arguments: { rows: 2 } } },
      { type: 'tool-call', toolCall: { id: 'call_made', name: 'insertImage', arguments: { src: 'a.png' } } },
      { type: 'finish', responseId: 'x', model: 'served-model', finishReason: 'tool-calls', usage: { inputTokens: 7, outputTokens: 3, totalTokens: 10 } },
    ]);
  });

  it('refuses tool arguments that are not a JSON object', () => {
    const reader = new ChatChunkReader('m', () => 'id');
    reader.read({ choices: [{ delta: { tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '[1,2' } }] } }] });
    assert.throws(() => reader.read({ choices: [{ delta: {}, finish_reason: 'tool_calls' }] }), ProviderError);
  });
});

describe('Retry-After parsing', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    assert.equal(retryAfterMs(new Headers({ 'retry-after-ms': '250' })), 250);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': '3' })), 3_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now), 5_000);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': 'soon' })), undefined);
    assert.equal(retryAfterMs(new Headers()), undefined);
  });
});
