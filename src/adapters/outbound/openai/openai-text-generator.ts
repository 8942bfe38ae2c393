import type { GenerationRequest } from '../../../domain/ai/messages.js';
import { ProviderError } from '../../../domain/ai/errors.js';
import type { StreamPart } from '../../../domain/ai/stream-part.js';
import type { GenerationOptions, TextGenerator } from '../../../ports/text-generator.js';
import type { ClientWithKey } from './openai-client.js';
import { toProviderError } from './provider-errors.js';
import { ResponsesEventReader } from './responses-events.js';
import { toResponsesParams } from './responses-mapper.js';

/** OpenAI's Responses API: streamed text and function calls; the server keeps history (`previous_response_id`). */
export class OpenAiTextGenerator implements TextGenerator {
  readonly keepsHistory = true;

  constructor(private readonly clients: (apiKey?: string) => ClientWithKey) {}

  async *stream(request: GenerationRequest, options: GenerationOptions): AsyncIterable<StreamPart> {
    const { client, apiKey } = this.clients(options.apiKey);
    const reader = new ResponsesEventReader();
    try {
      const events = await client.responses.create(toResponsesParams(request), { signal: options.signal });
      for await (const event of events) {
        const part = reader.read(event);
        if (part) yield part;
      }
      // The SDK ends an aborted stream quietly; the port promises a rejection.
      options.signal.throwIfAborted();
      if (!reader.finished) throw new ProviderError('The provider closed the stream before the response was complete');
    } catch (error) {
      throw toProviderError(error, options.signal, apiKey);
    }
  }
}
