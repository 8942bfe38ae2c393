import { Redis } from 'ioredis';
import { z } from 'zod';
import { ConversationsUnavailableError } from '../../../domain/ai/errors.js';
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

export type ConversationsAvailability = { available: false; error: Error } | { available: true };

export interface RedisConversationStoreOptions {
  /** Longest a load or save waits for Redis before it fails (default 1000 ms). */
  commandTimeoutMs?: number;
  /** Called once when Redis stops answering and once when it answers again. */
  onAvailabilityChange?: (change: ConversationsAvailability) => void;
}

const parse = (raw: string): ChatMessage[] | undefined => {
  try {
    const parsed = storedMessages.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as ChatMessage[]) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Shared by every instance: one key per response id, expiring with Redis's
 * own TTL. A Redis that is down or not answering fails a call within the
 * command timeout with `ConversationsUnavailableError`, never with the
 * client's own error (its text may carry the address) and never by hanging.
 */
export class RedisConversationStore implements ConversationStore {
  private state: 'unknown' | 'available' | 'unavailable' = 'unknown';

  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly prefix = 'editor-backend:conversation:',
    private readonly options: RedisConversationStoreOptions = {},
  ) {
    // Without a listener ioredis prints every connection error to stderr, once per reconnect attempt.
    redis.on('error', (error: Error) => this.markUnavailable(error));
    redis.on('ready', () => this.markAvailable());
  }

  /**
   * A client that cannot hang a request: every command, queued while
   * (re)connecting or sent, fails after the timeout; the queue is dropped
   * after one failed reconnection; reconnecting backs off up to 2 s.
   */
  static connect(url: string, ttlSeconds: number, options: RedisConversationStoreOptions = {}): RedisConversationStore {
    const redis = new Redis(url, {
      // Queued, so a request right after start-up waits for the first connection instead of failing.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    return new RedisConversationStore(redis, ttlSeconds, undefined, options);
  }

  async load(responseId: string): Promise<ChatMessage[] | undefined> {
    const raw = await this.ask(() => this.redis.get(this.prefix + responseId));
    // Something else wrote under our prefix: treat it as unknown rather than feed it to a model.
    return raw === null ? undefined : parse(raw);
  }

  async save(responseId: string, messages: readonly ChatMessage[]): Promise<void> {
    await this.ask(() => this.redis.set(this.prefix + responseId, JSON.stringify(messages), 'EX', this.ttlSeconds));
  }

  /** Drops the connection: nothing needs flushing, every save has been awaited. */
  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private async ask<T>(command: () => Promise<T>): Promise<T> {
    try {
      const result = await command();
      this.markAvailable();
      return result;
    } catch (error) {
      this.markUnavailable(error instanceof Error ? error : new Error(String(error)));
      throw new ConversationsUnavailableError();
    }
  }

  private markUnavailable(error: Error): void {
    if (this.state === 'unavailable') return;
    this.state = 'unavailable';
    this.options.onAvailabilityChange?.({ available: false, error });
  }

  private markAvailable(): void {
    if (this.state === 'available') return;
    const wasDown = this.state === 'unavailable';
    this.state = 'available';
    if (wasDown) this.options.onAvailabilityChange?.({ available: true });
  }
}
