import type { GenerationRequest } from '../domain/ai/messages.js';
import type { StreamPart } from '../domain/ai/stream-part.js';

export interface GenerationOptions {
  /** Fires on timeout or client disconnect; the adapter must stop the provider call at once. */
  signal: AbortSignal;
  /** A key sent by the client for this request; overrides the configured one. */
  apiKey?: string;
}

/**
 * Text generation by one configured provider. Adapters do not retry (the use
 * case does, and only before the first part reaches the client) and throw
 * `ProviderError` for any provider failure, before or during the stream.
 */
export interface TextGenerator {
  /** True when the provider keeps conversation history itself and continues it from `previousResponseId`. */
  readonly keepsHistory: boolean;

  stream(request: GenerationRequest, options: GenerationOptions): AsyncIterable<StreamPart>;
}
