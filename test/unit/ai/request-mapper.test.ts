import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toChatMessage, toToolDefinition } from '../../../src/adapters/inbound/http/ai/request-mapper.js';

describe('Jodit request mapping', () => {
  it('turns a Jodit parameter list (nested included) into a JSON Schema object', () => {
    const tool = toToolDefinition({
      name: 'insertLink',
      description: 'Insert a link',
      parameters: [
        { name: 'url', type: 'string', description: 'Target', required: true },
        { name: 'target', type: 'string', description: 'Where', required: false, enum: ['_blank', '_self'], default: '_self' },
        { name: 'attrs', type: 'object', description: 'Extra', required: false, parameters: [{ name: 'rel', type: 'string', description: 'rel', required: true }] },
      ],
    });
    assert.deepEqual(tool.parameters, {
      type: 'object',
      properties: {
        url: { type: 'string', description: 'Target' },
        target: { type: 'string', description: 'Where', enum: ['_blank', '_self'], default: '_self' },
        attrs: { type: 'object', description: 'Extra', properties: { rel: { type: 'string', description: 'rel' } }, required: ['rel'] },
      },
      required: ['url'],
    });
  });

  it('gives a tool without parameters an empty object schema', () => {
    assert.deepEqual(toToolDefinition({ name: 'undo' }).parameters, { type: 'object', properties: {} });
  });

  it('drops the client\'s UI fields and reports a failed tool run as {error}', () => {
    const message = toChatMessage({
      id: 'm1',
      role: 'tool',
      content: '',
      timestamp: 1,
      toolResults: [{ toolCallId: 'c1', error: 'User denied permission' }, { toolCallId: 'c2', result: 42 }],
    });
    assert.deepEqual(message, {
      role: 'tool',
      content: '',
      toolResults: [
        { toolCallId: 'c1', result: { error: 'User denied permission' } },
        { toolCallId: 'c2', result: 42 },
      ],
    });
  });
});
