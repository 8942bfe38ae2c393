import { z } from 'zod';
import { ProviderError } from '../../../domain/ai/errors.js';
import type { FinishReason, StreamPart } from '../../../domain/ai/stream-part.js';
import { parseToolArguments } from './tool-arguments.js';

const usageSchema = z.object({ input_tokens: z.number(), output_tokens: z.number(), total_tokens: z.number().optional() });

const responseSchema = z.object({
  id: z.string(),
  model: z.string(),
  status: z.string().optional(),
  usage: usageSchema.nullish(),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  error: z.object({ message: z.string() }).nullish(),
});

/** The events this adapter acts on; the API sends many more, which pass by. */
const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('response.output_text.delta'), delta: z.string() }),
  z.object({
    type: z.literal('response.output_item.done'),
    item: z.object({ type: z.string(), call_id: z.string().optional(), name: z.string().optional(), arguments: z.string().optional() }),
  }),
  z.object({ type: z.enum(['response.completed', 'response.incomplete', 'response.failed']), response: responseSchema }),
  z.object({ type: z.literal('error'), message: z.string().optional(), code: z.string().nullish() }),
]);

const KNOWN = new Set(['response.output_text.delta', 'response.output_item.done', 'response.completed', 'response.incomplete', 'response.failed', 'error']);

const finishReason = (response: z.infer<typeof responseSchema>, sawToolCall: boolean): FinishReason => {
  if (response.status === 'incomplete') return response.incomplete_details?.reason === 'content_filter' ? 'content-filter' : 'length';
  return sawToolCall ? 'tool-calls' : 'stop';
};

/** Turns Responses API stream events into stream parts, remembering what the finish needs. */
export class ResponsesEventReader {
  private sawToolCall = false;
  finished = false;

  read(raw: { type: string }): StreamPart | undefined {
    if (!KNOWN.has(raw.type)) return undefined;
    const event = eventSchema.parse(raw);
    switch (event.type) {
      case 'response.output_text.delta':
        return event.delta ? { type: 'text-delta', delta: event.delta } : undefined;
      case 'response.output_item.done': {
        const { item } = event;
        if (item.type !== 'function_call' || !item.call_id || !item.name) return undefined;
        this.sawToolCall = true;
        return { type: 'tool-call', toolCall: { id: item.call_id, name: item.name, arguments: parseToolArguments(item.arguments) } };
      }
      case 'error':
        throw new ProviderError(`The provider reported an error: ${event.message ?? event.code ?? 'unknown'}`);
      case 'response.failed':
        throw new ProviderError(`The provider failed: ${event.response.error?.message ?? 'unknown error'}`);
      default: {
        const { response } = event;
        this.finished = true;
        const usage = response.usage;
        return {
          type: 'finish',
          responseId: response.id,
          model: response.model,
          finishReason: finishReason(response, this.sawToolCall),
          ...(usage
            ? { usage: { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens, totalTokens: usage.total_tokens ?? usage.input_tokens + usage.output_tokens } }
            : {}),
        };
      }
    }
  }
}
