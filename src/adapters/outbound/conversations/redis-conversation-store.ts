import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ChatMessage } from '../../../domain/ai/messages.js';
import type { ConversationStore } from '../../../ports/conversation-store.js';

const storedMessages = z.array(
  z.object({
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.string(),
    toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()) })).optional(),
    toolResults: z.array(z.object({ toolCallId: z.string(), result: z.unknown() })).optional(),
  }),
);

/** Shared by every instance: one key per response id, expiring with Redis's own TTL. */
export class RedisConversationStore implements ConversationStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly prefix = 'editor-backend:conversation:',
  ) {}

  async load(responseId: string): Promise<ChatMessage[] | undefined> {
    const raw = await this.redis.get(this.prefix + responseId);
    if (raw === null) return undefined;
    const parsed = storedMessages.safeParse(JSON.parse(raw));
    // Something else wrote under our prefix: treat it as unknown rather than feed it to a model.
    return parsed.success ? (parsed.data as ChatMessage[]) : undefined;
  }

  async save(responseId: string, messages: readonly ChatMessage[]): Promise<void> {
    await this.redis.set(this.prefix + responseId, JSON.stringify(messages), 'EX', this.ttlSeconds);
  }
}
