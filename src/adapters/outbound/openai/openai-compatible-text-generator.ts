import { randomUUID } from 'node:crypto';
import type { GenerationRequest } from '../../../domain/ai/messages.js';
import { ProviderError } from '../../../domain/ai/errors.js';
import type { StreamPart } from '../../../domain/ai/stream-part.js';
import type { GenerationOptions, TextGenerator } from '../../../ports/text-generator.js';
import { ChatChunkReader } from './chat-chunks.js';
import { toChatParams } from './chat-mapper.js';
import type { ClientWithKey } from './openai-client.js';
import { toProviderError } from './provider-errors.js';

/**
 * Chat Completions, as OpenAI-compatible servers (DeepSeek, Mistral, Groq,
 * Ollama, vLLM, OpenRouter) speak it. They keep no history: the gateway's
 * conversation store does.
 */
export class OpenAiCompatibleTextGenerator implements TextGenerator {
  readonly keepsHistory = false;

  constructor(
    private readonly clients: (apiKey?: string) => ClientWithKey,
    private readonly makeId: () => string = randomUUID,
  ) {}

  async *stream(request: GenerationRequest, options: GenerationOptions): AsyncIterable<StreamPart> {
    const { client, apiKey } = this.clients(options.apiKey);
    const reader = new ChatChunkReader(request.model, this.makeId);
    try {
      const chunks = await client.chat.completions.create(toChatParams(request), { signal: options.signal });
      for await (const chunk of chunks) yield* reader.read(chunk);
      options.signal.throwIfAborted();
      if (!reader.finished) throw new ProviderError('The provider closed the stream before the response was complete');
      yield* reader.finish();
    } catch (error) {
      throw toProviderError(error, options.signal, apiKey);
    }
  }
}
