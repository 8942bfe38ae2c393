import { z } from 'zod';
import type { FinishReason, StreamPart, Usage } from '../../../domain/ai/stream-part.js';
import { parseToolArguments } from './tool-arguments.js';

const chunkSchema = z.object({
  id: z.string().optional(),
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z
              .array(
                z.object({
                  index: z.number(),
                  id: z.string().nullish(),
                  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
                }),
              )
              .nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number().optional() }).nullish(),
});

const FINISH_REASONS: Record<string, FinishReason> = { stop: 'stop', length: 'length', tool_calls: 'tool-calls', function_call: 'tool-calls', content_filter: 'content-filter' };

interface PendingCall {
  id?: string;
  name: string;
  arguments: string;
}

/**
 * Reads Chat Completions chunks: text as it comes; tool calls assembled from
 * their deltas (by index) and released when the choice finishes; one finish
 * after the stream, with the usage chunk that `include_usage` adds at the end.
 */
export class ChatChunkReader {
  private readonly calls = new Map<number, PendingCall>();
  private responseId?: string;
  private model?: string;
  private reason?: FinishReason;
  private usage?: Usage;

  constructor(
    private readonly requestedModel: string,
    private readonly makeId: () => string,
  ) {}

  read(raw: unknown): StreamPart[] {
    const chunk = chunkSchema.parse(raw);
    this.responseId ??= chunk.id || undefined;
    this.model ??= chunk.model || undefined;
    if (chunk.usage) {
      const { prompt_tokens: input, completion_tokens: output, total_tokens: total } = chunk.usage;
      this.usage = { inputTokens: input, outputTokens: output, totalTokens: total ?? input + output };
    }
    const parts: StreamPart[] = [];
    for (const choice of chunk.choices.slice(0, 1)) {
      if (choice.delta?.content) parts.push({ type: 'text-delta', delta: choice.delta.content });
      for (const delta of choice.delta?.tool_calls ?? []) {
        const call = this.calls.get(delta.index) ?? { name: '', arguments: '' };
        if (delta.id) call.id = delta.id;
        call.name += delta.function?.name ?? '';
        call.arguments += delta.function?.arguments ?? '';
        this.calls.set(delta.index, call);
      }
      if (choice.finish_reason) {
        this.reason = FINISH_REASONS[choice.finish_reason] ?? 'other';
        parts.push(...this.releaseCalls());
      }
    }
    return parts;
  }

  get finished(): boolean {
    return this.reason !== undefined;
  }

  finish(): StreamPart[] {
    const calls = this.releaseCalls();
    const reason = calls.length > 0 && this.reason === 'stop' ? 'tool-calls' : (this.reason ?? 'other');
    return [
      ...calls,
      {
        type: 'finish',
        model: this.model ?? this.requestedModel,
        finishReason: reason,
        ...(this.responseId ? { responseId: this.responseId } : {}),
        ...(this.usage ? { usage: this.usage } : {}),
      },
    ];
  }

  private releaseCalls(): StreamPart[] {
    const parts = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]): StreamPart => ({
        type: 'tool-call',
        // Some compatible servers (older Ollama builds) send no id; the gateway makes one so results can refer to it.
        toolCall: { id: call.id ?? `call_${this.makeId()}`, name: call.name, arguments: parseToolArguments(call.arguments) },
      }));
    this.calls.clear();
    return parts;
  }
}
