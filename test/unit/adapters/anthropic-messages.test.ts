import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryAfterMs } from '../../../src/adapters/outbound/anthropic/anthropic-errors.js';
import { toFinishReason } from '../../../src/adapters/outbound/anthropic/anthropic-finish.js';
import { toAnthropicConversation, toAnthropicTools } from '../../../src/adapters/outbound/anthropic/anthropic-messages.js';

describe('Anthropic message mapping', () => {
  it('maps a tool round trip to tool_use blocks and tool_result blocks in one user turn', () => {
    const { messages } = toAnthropicConversation(undefined, [
      { role: 'user', content: 'Add two tables' },
      {
        role: 'assistant',
        content: 'Adding them.',
        toolCalls: [
          { id: 'toolu_1', name: 'insertTable', arguments: { rows: 2 } },
          { id: 'toolu_2', name: 'insertTable', arguments: { rows: 3 } },
        ],
      },
      { role: 'tool', content: '', toolResults: [{ toolCallId: 'toolu_1', result: { inserted: true } }] },
      { role: 'tool', content: '', toolResults: [{ toolCallId: 'toolu_2', result: 'done' }] },
      { role: 'user', content: 'Thanks' },
    ]);
    assert.deepEqual(messages, [
      { role: 'user', content: [{ type: 'text', text: 'Add two tables' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Adding them.' },
          { type: 'tool_use', id: 'toolu_1', name: 'insertTable', input: { rows: 2 } },
          { type: 'tool_use', id: 'toolu_2', name: 'insertTable', input: { rows: 3 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"inserted":true}' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'done' },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
  });

  it('joins instructions and system messages into system, leaving them out of messages', () => {
    const conversation = toAnthropicConversation('Be brief.', [
      { role: 'system', content: 'Context: a report.' },
      { role: 'user', content: 'Hi' },
    ]);
    assert.equal(conversation.system, 'Be brief.\n\nContext: a report.');
    assert.deepEqual(conversation.messages, [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('turns tool parameters into an object input_schema, and no tools into none', () => {
    const parameters = { type: 'object', properties: { rows: { type: 'number' } }, required: ['rows'] };
    assert.deepEqual(toAnthropicTools([{ name: 'insertTable', parameters }]), [
      { name: 'insertTable', description: undefined, input_schema: parameters },
    ]);
    assert.equal(toAnthropicTools([]), undefined);
  });
});

describe('Anthropic finish and errors', () => {
  it('maps stop reasons', () => {
    assert.equal(toFinishReason('end_turn'), 'stop');
    assert.equal(toFinishReason('tool_use'), 'tool-calls');
    assert.equal(toFinishReason('max_tokens'), 'length');
    assert.equal(toFinishReason('refusal'), 'content-filter');
    assert.equal(toFinishReason('pause_turn'), 'other');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    assert.equal(retryAfterMs('7'), 7_000);
    assert.equal(retryAfterMs(null), undefined);
    assert.equal(retryAfterMs('soon'), undefined);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const ms = retryAfterMs(inAMinute)!;
    assert.ok(ms > 0 && ms <= 60_000);
  });
});
