import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { MemoryConversationStore } from '../../src/adapters/outbound/conversations/memory-conversation-store.js';
import { RedisConversationStore } from '../../src/adapters/outbound/conversations/redis-conversation-store.js';
import { conversationStoreContract } from '../../src/testing/contracts/conversation-store.contract.js';

conversationStoreContract('MemoryConversationStore', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  return {
    store: new MemoryConversationStore(60, { now: () => new Date(now) }),
    ttlSeconds: 60,
    elapse: async (seconds) => {
      now += seconds * 1000;
    },
    close: async () => {},
  };
});

conversationStoreContract('RedisConversationStore', async () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const prefix = `test:conversation:${randomUUID()}:`;
  return {
    store: new RedisConversationStore(redis, 1, prefix),
    ttlSeconds: 1,
    // Redis expires keys on its own clock; the only way to let a second pass is to wait for it.
    elapse: (seconds) => wait(seconds * 1000),
    close: async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
});
