import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import { ProviderError } from '../../../domain/ai/errors.js';
import type { GenerationRequest } from '../../../domain/ai/messages.js';
import type { StreamPart } from '../../../domain/ai/stream-part.js';
import type { GenerationOptions, TextGenerator } from '../../../ports/text-generator.js';
import { toAnthropicConversation, toAnthropicTools } from './anthropic-messages.js';
import { toFinishReason } from './anthropic-finish.js';
import type { ClientFor } from './anthropic-client.js';
import { toProviderError } from './anthropic-errors.js';

/** Anthropic requires `max_tokens`; this is used when the request does not set one. */
export const DEFAULT_MAX_TOKENS = 4096;

const toolInput = z.record(z.string(), z.unknown());

/** The accumulated `input_json_delta`s of one tool call, which must form a JSON object. */
const parseToolInput = (name: string, json: string): Record<string, unknown> => {
  try {
    return toolInput.parse(json ? JSON.parse(json) : {});
  } catch {
    throw new ProviderError(`Anthropic: the input of tool call "${name}" is not a JSON object`);
  }
};

interface PendingToolUse {
  id: string;
  name: string;
  json: string;
}

/**
 * `TextGenerator` over Anthropic's streamed Messages API. Anthropic keeps no
 * history: the caller resends it. `temperature` is not sent: the Messages API
 * of this SDK version no longer takes sampling parameters.
 */
export class AnthropicTextGenerator implements TextGenerator {
  readonly keepsHistory = false;

  constructor(private readonly clientFor: ClientFor) {}

  async *stream(request: GenerationRequest, options: GenerationOptions): AsyncIterable<StreamPart> {
    const { signal } = options;
    const { system, messages } = toAnthropicConversation(request.instructions, request.messages);
    let apiKey = '';
    try {
      const client = this.clientFor(options.apiKey);
      apiKey = client.apiKey;
      const events = await client.sdk.messages.create(
        {
          model: request.model,
          system,
          messages,
          tools: toAnthropicTools(request.tools),
          max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
          stream: true,
        },
        { signal },
      );
      yield* this.translate(events, request.model, signal);
    } catch (error) {
      throw toProviderError(error, signal, apiKey);
    }
  }

  private async *translate(events: AsyncIterable<RawMessageStreamEvent>, requestedModel: string, signal: AbortSignal): AsyncIterable<StreamPart> {
    const toolUses = new Map<number, PendingToolUse>();
    let id: string | undefined;
    let model = requestedModel;
    let stopReason: string | null = null;
    let stopped = false;
    let inputTokens = 0;
    let outputTokens = 0;
    for await (const event of events) {
      if (event.type === 'message_start') {
        ({ id, model } = event.message);
        const usage = event.message.usage;
        // Cached prompt tokens are prompt tokens too.
        inputTokens = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
        outputTokens = usage.output_tokens;
      } else if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        toolUses.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
      } else if (event.type === 'content_block_delta') {
        if (event.delta.type === 'text_delta') yield { type: 'text-delta', delta: event.delta.text };
        if (event.delta.type === 'input_json_delta') toolUses.get(event.index)!.json += event.delta.partial_json;
      } else if (event.type === 'content_block_stop' && toolUses.has(event.index)) {
        const { id: callId, name, json } = toolUses.get(event.index)!;
        yield { type: 'tool-call', toolCall: { id: callId, name, arguments: parseToolInput(name, json) } };
      } else if (event.type === 'message_stop') {
        stopped = true;
      } else if (event.type === 'message_delta') {
        stopReason = event.delta.stop_reason ?? stopReason;
        // message_delta usage is cumulative.
        outputTokens = event.usage.output_tokens;
        if (event.usage.input_tokens !== null && event.usage.input_tokens !== undefined) inputTokens = event.usage.input_tokens;
      }
    }
    // The SDK ends its stream quietly on abort; a cut-off answer must not look finished.
    signal.throwIfAborted();
    // Only `message_stop` says the message is whole; a stream that ends before it was cut off.
    if (!stopped) throw new ProviderError('The provider closed the stream before the response was complete');
    const usage = { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
    yield { type: 'finish', responseId: id, model, finishReason: toFinishReason(stopReason), usage };
  }
}
