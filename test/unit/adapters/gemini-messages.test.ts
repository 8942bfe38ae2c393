import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toFinishReason, toUsage } from '../../../src/adapters/outbound/gemini/gemini-finish.js';
import { toGeminiConversation, toGeminiTools } from '../../../src/adapters/outbound/gemini/gemini-messages.js';
import { toAspectRatio } from '../../../src/adapters/outbound/gemini/gemini-image-generator.js';
import type { ChatMessage } from '../../../src/domain/ai/messages.js';

const toolRoundTrip: ChatMessage[] = [
  { role: 'user', content: 'Add a table' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'insertTable', arguments: { rows: 2 } }] },
  { role: 'tool', content: '', toolResults: [{ toolCallId: 'call_1', result: { inserted: true } }] },
  { role: 'tool', content: '', toolResults: [{ toolCallId: 'call_1', result: 'plain text' }] },
];

describe('Gemini message mapping', () => {
  it('maps a tool round trip to a model functionCall and user functionResponse parts named after the call', () => {
    const { contents } = toGeminiConversation(undefined, toolRoundTrip);
    assert.deepEqual(contents, [
      { role: 'user', parts: [{ text: 'Add a table' }] },
      { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'insertTable', args: { rows: 2 } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'insertTable', response: { inserted: true } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'insertTable', response: { result: 'plain text' } } }] },
    ]);
  });

  it('joins the instructions and system messages into the system instruction', () => {
    const conversation = toGeminiConversation('Be brief.', [
      { role: 'system', content: 'Context: a report.' },
      { role: 'user', content: 'Hi' },
    ]);
    assert.equal(conversation.systemInstruction, 'Be brief.\n\nContext: a report.');
    assert.deepEqual(conversation.contents, [{ role: 'user', parts: [{ text: 'Hi' }] }]);
    assert.equal(toGeminiConversation(undefined, []).systemInstruction, undefined);
  });

  it('passes tool parameters as JSON Schema function declarations, and no tools as none', () => {
    const parameters = { type: 'object', properties: { rows: { type: 'integer', minimum: 1 } }, required: ['rows'] };
    assert.deepEqual(toGeminiTools([{ name: 'insertTable', description: 'Insert a table', parameters }]), [
      { functionDeclarations: [{ name: 'insertTable', description: 'Insert a table', parametersJsonSchema: parameters }] },
    ]);
    assert.equal(toGeminiTools([]), undefined);
  });
});

describe('Gemini finish and usage', () => {
  it('maps finish reasons, tool calls winning over STOP', () => {
    assert.equal(toFinishReason('STOP', false), 'stop');
    assert.equal(toFinishReason('STOP', true), 'tool-calls');
    assert.equal(toFinishReason('MAX_TOKENS', false), 'length');
    assert.equal(toFinishReason('SAFETY', false), 'content-filter');
    assert.equal(toFinishReason('MALFORMED_FUNCTION_CALL', false), 'other');
  });

  it('counts thinking tokens as output', () => {
    assert.deepEqual(toUsage({ promptTokenCount: 10, candidatesTokenCount: 4, thoughtsTokenCount: 6, totalTokenCount: 20 }), {
      inputTokens: 10,
      outputTokens: 10,
      totalTokens: 20,
    });
    assert.equal(toUsage(undefined), undefined);
  });

  it('turns an image size into the nearest Imagen aspect ratio', () => {
    assert.equal(toAspectRatio('1024x1024'), '1:1');
    assert.equal(toAspectRatio('1792x1024'), '16:9');
    assert.equal(toAspectRatio('1024x1792'), '9:16');
    assert.equal(toAspectRatio('1200x900'), '4:3');
    assert.equal(toAspectRatio('auto'), undefined);
    assert.equal(toAspectRatio(undefined), undefined);
  });
});
