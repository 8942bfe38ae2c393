import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GenerateText, type GenerateTextInput } from '../../../src/application/ai/generate-text.js';
import { ConversationsUnavailableError } from '../../../src/domain/ai/errors.js';
import type { ConversationStore } from '../../../src/ports/conversation-store.js';
import type { Provider } from '../../../src/ports/provider-registry.js';

const provider: Provider = {
  name: 'p',
  type: 'fake',
  defaultModel: 'm',
  configured: true,
  allowClientKey: false,
  text: {
    keepsHistory: false,
    async *stream() {
      yield { type: 'text-delta', delta: 'Hi' };
      yield { type: 'finish', model: 'm', finishReason: 'stop' };
    },
  },
};

const generate = (conversations: ConversationStore) =>
  new GenerateText({
    providers: { get: (name) => (name === 'p' ? provider : undefined), list: () => [provider] },
    conversations,
    ids: { next: () => 'id1' },
    clock: { now: () => new Date(0) },
    usage: { record: () => {} },
    retrying: { policy: { maxRetries: 0, initialDelayMs: 0, maxDelayMs: 0 }, sleeper: { sleep: async () => {} } },
    timeouts: { requestTimeoutMs: 5_000, maxRequestTimeoutMs: 5_000 },
  });

const input: GenerateTextInput = { provider: 'p', mode: 'full', messages: [{ role: 'user', content: 'Hello' }], tools: [], selections: [], signal: new AbortController().signal };

const partsOf = async (store: ConversationStore) => {
  const types: string[] = [];
  for await (const part of (await generate(store).execute(input)).parts) types.push(part.type);
  return types;
};

describe('GenerateText when the conversation store cannot keep the history', () => {
  it('still finishes the reply when the store is unavailable (the conversation just cannot be continued)', async () => {
    const store: ConversationStore = { load: async () => undefined, save: async () => Promise.reject(new ConversationsUnavailableError()) };
    assert.deepEqual(await partsOf(store), ['text-delta', 'finish']);
  });

  it('fails on any other store error, which is a bug to see, not an outage', async () => {
    const store: ConversationStore = { load: async () => undefined, save: async () => Promise.reject(new TypeError('broken')) };
    await assert.rejects(partsOf(store), TypeError);
  });

  it('refuses to continue while the store is unavailable, with the 503 error rather than "unknown conversation"', async () => {
    const store: ConversationStore = { load: async () => Promise.reject(new ConversationsUnavailableError()), save: async () => {} };
    await assert.rejects(generate(store).execute({ ...input, mode: 'incremental', parentMessageId: 'resp_1' }), ConversationsUnavailableError);
  });
});
