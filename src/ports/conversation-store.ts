import type { ChatMessage } from '../domain/ai/messages.js';

/**
 * The history of conversations whose provider keeps none itself, keyed by the
 * response id the client continues from (`parentMessageId`). Entries expire
 * after the store's TTL; a shared backend (Redis) lets any instance continue.
 */
export interface ConversationStore {
  /** The whole history up to and including that response, or undefined when unknown or expired. */
  load(responseId: string): Promise<ChatMessage[] | undefined>;
  save(responseId: string, messages: readonly ChatMessage[]): Promise<void>;
}
