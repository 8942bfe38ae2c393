import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChatMessage } from '../../domain/ai/messages.js';
import type { ConversationStore } from '../../ports/conversation-store.js';

export interface ConversationStoreFixture {
  /** A store whose entries live `ttlSeconds`. */
  store: ConversationStore;
  ttlSeconds: number;
  /** Lets `seconds` pass for the store (a fake clock, or real waiting for Redis). */
  elapse(seconds: number): Promise<void>;
  close(): Promise<void>;
}

const history: ChatMessage[] = [
  { role: 'user', content: 'Insert a table' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'insertTable', arguments: { rows: 2 } }] },
  { role: 'tool', content: '', toolResults: [{ toolCallId: 'call_1', result: { ok: true } }] },
  { role: 'assistant', content: 'Done — a table with **2** rows. ✓' },
];

/** What every `ConversationStore` does; run against each backend. */
export const conversationStoreContract = (name: string, makeFixture: () => Promise<ConversationStoreFixture>): void => {
  describe(`ConversationStore contract: ${name}`, () => {
    let fixture: ConversationStoreFixture;
    before(async () => {
      fixture = await makeFixture();
    });
    after(async () => fixture.close());

    it('gives back exactly the history saved under a response id, tool calls and results included', async () => {
      await fixture.store.save('resp_round_trip', history);
      assert.deepEqual(await fixture.store.load('resp_round_trip'), history);
    });

    it('knows nothing of an id never saved', async () => {
      assert.equal(await fixture.store.load('resp_never_saved'), undefined);
    });

    it('keeps each response id separate, and a later save under the same id replaces the earlier', async () => {
      await fixture.store.save('resp_a', history.slice(0, 1));
      await fixture.store.save('resp_b', history.slice(0, 2));
      await fixture.store.save('resp_a', history.slice(0, 3));
      assert.equal((await fixture.store.load('resp_a'))?.length, 3);
      assert.equal((await fixture.store.load('resp_b'))?.length, 2);
    });

    it('is not changed by later changes to the array it was given or returned', async () => {
      const messages = structuredClone(history);
      await fixture.store.save('resp_copy', messages);
      messages[0]!.content = 'changed';
      const loaded = await fixture.store.load('resp_copy');
      loaded!.push({ role: 'user', content: 'more' });
      assert.deepEqual(await fixture.store.load('resp_copy'), history);
    });

    it('forgets a conversation once its TTL has passed', async () => {
      await fixture.store.save('resp_expiring', history);
      await fixture.elapse(fixture.ttlSeconds + 0.5);
      assert.equal(await fixture.store.load('resp_expiring'), undefined);
    });
  });
};
