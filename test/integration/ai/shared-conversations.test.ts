import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { RedisConversationStore } from '../../../src/adapters/outbound/conversations/redis-conversation-store.js';
import { startAiServer, type AiTestServer } from '../../support/ai-server.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { parseJoditEvents } from '../../support/jodit-sse.js';

describe('incremental conversations across two instances sharing Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const prefix = `test:shared:${randomUUID()}:`;
  let first: AiTestServer;
  let second: AiTestServer;
  before(async () => {
    const conversationStore = new RedisConversationStore(redis, 60, prefix);
    first = await startAiServer('openai-compatible', startOpenAiChatUpstream, {}, { overrides: { conversationStore } });
    second = await startAiServer('openai-compatible', startOpenAiChatUpstream, {}, { overrides: { conversationStore } });
  });
  after(async () => {
    await Promise.all([first.close(), second.close()]);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('continues on one instance a conversation started on the other', async () => {
    first.upstream.respondWith({ kind: 'text', chunks: ['Started', ' here.'], usage: { input: 1, output: 2 } });
    const started = parseJoditEvents(await (await first.request({ mode: 'incremental', messages: [{ role: 'user', content: 'Begin' }] })).text());
    const parentMessageId = started.at(-1)!.data.response.responseId;
    const continued = parseJoditEvents(await (await second.request({ mode: 'incremental', parentMessageId, messages: [{ role: 'user', content: 'Go on' }] })).text());
    assert.equal(continued.at(-1)!.event, 'completed');
    assert.deepEqual(
      (second.upstream.lastRequest().body as any).messages.map((m: any) => m.content),
      ['Begin', 'Started here.', 'Go on'],
    );
  });
});
