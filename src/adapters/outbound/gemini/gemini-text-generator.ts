import { randomUUID } from 'node:crypto';
import type { GenerateContentResponse } from '@google/genai';
import { ProviderError } from '../../../domain/ai/errors.js';
import type { GenerationRequest } from '../../../domain/ai/messages.js';
import type { StreamPart } from '../../../domain/ai/stream-part.js';
import type { GenerationOptions, TextGenerator } from '../../../ports/text-generator.js';
import { toGeminiConversation, toGeminiTools } from './gemini-messages.js';
import { toFinishReason, toUsage } from './gemini-finish.js';
import type { ClientFor } from './gemini-client.js';
import { toProviderError } from './gemini-errors.js';
import { ThoughtSignatures } from './thought-signatures.js';

/** `TextGenerator` over Gemini's `streamGenerateContent`. Gemini keeps no history: the caller resends it. */
export class GeminiTextGenerator implements TextGenerator {
  readonly keepsHistory = false;
  private readonly signatures = new ThoughtSignatures();

  constructor(private readonly clientFor: ClientFor) {}

  async *stream(request: GenerationRequest, options: GenerationOptions): AsyncIterable<StreamPart> {
    const { signal } = options;
    let apiKey = '';
    try {
      const client = this.clientFor(options.apiKey);
      apiKey = client.apiKey;
      const chunks = await client.sdk.models.generateContentStream(this.toParams(request, signal));
      yield* this.translate(chunks, request.model, signal);
    } catch (error) {
      throw toProviderError(error, signal, apiKey);
    }
  }

  private toParams(request: GenerationRequest, abortSignal: AbortSignal) {
    const { systemInstruction, contents } = toGeminiConversation(request.instructions, request.messages, (callId) =>
      this.signatures.forReplay(callId, request.model),
    );
    return {
      model: request.model,
      contents,
      config: {
        abortSignal,
        systemInstruction,
        tools: toGeminiTools(request.tools),
        temperature: request.temperature,
        maxOutputTokens: request.maxOutputTokens,
      },
    };
  }

  private async *translate(chunks: AsyncIterable<GenerateContentResponse>, requestedModel: string, signal: AbortSignal): AsyncIterable<StreamPart> {
    // Id, model and usage ride on every chunk; the latest one wins.
    let last: Partial<GenerateContentResponse> = {};
    let finishReason: string | undefined;
    let calledTools = false;
    for await (const chunk of chunks) {
      last = { responseId: chunk.responseId ?? last.responseId, modelVersion: chunk.modelVersion ?? last.modelVersion, usageMetadata: chunk.usageMetadata ?? last.usageMetadata };
      const candidate = chunk.candidates?.[0];
      finishReason = candidate?.finishReason ?? finishReason;
      for (const part of candidate?.content?.parts ?? []) {
        // Thought summaries are not part of the answer.
        if (part.text && !part.thought) yield { type: 'text-delta', delta: part.text };
        if (part.functionCall) {
          calledTools = true;
          const { id = `call_${randomUUID()}`, name = '', args = {} } = part.functionCall;
          this.signatures.remember(id, part.thoughtSignature);
          yield { type: 'tool-call', toolCall: { id, name, arguments: args } };
        }
      }
    }
    // A cut-off answer must not look finished, whatever the SDK does on abort.
    signal.throwIfAborted();
    // Gemini puts a finish reason on its last chunk; a stream that ends without one was cut off (a proxy, a dropped backend).
    if (finishReason === undefined) throw new ProviderError('The provider closed the stream before the response was complete');
    yield {
      type: 'finish',
      responseId: last.responseId,
      model: last.modelVersion ?? requestedModel,
      finishReason: toFinishReason(finishReason, calledTools),
      usage: toUsage(last.usageMetadata),
    };
  }
}
