import type { ChatMessage } from '../../../domain/ai/messages.js';
import type { Clock } from '../../../ports/clock.js';
import type { ConversationStore } from '../../../ports/conversation-store.js';

interface Entry {
  messages: ChatMessage[];
  expiresAt: number;
}

/** One instance only: histories live in this process until their TTL passes. */
export class MemoryConversationStore implements ConversationStore {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = 0;

  constructor(
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  async load(responseId: string): Promise<ChatMessage[] | undefined> {
    const entry = this.entries.get(responseId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(responseId);
      return undefined;
    }
    return structuredClone(entry.messages);
  }

  async save(responseId: string, messages: readonly ChatMessage[]): Promise<void> {
    this.sweep();
    this.entries.set(responseId, { messages: structuredClone([...messages]), expiresAt: this.clock.now().getTime() + this.ttlSeconds * 1000 });
  }

  /** Drops expired entries (at most once a minute) so idle conversations do not stay in memory for ever. */
  private sweep(): void {
    const now = this.clock.now().getTime();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}
