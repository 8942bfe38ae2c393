import { randomUUID } from 'node:crypto';
import { ProviderError, type GenerationOptions, type GenerationRequest, type StreamPart, type TextGenerator } from 'editor-backend';
import { finishReason, lines, parseChunk } from './ollama-chunks.js';
import { httpError, toProviderError } from './ollama-errors.js';
import { toOllamaMessages, toOllamaTools } from './ollama-messages.js';

export interface OllamaSettings {
  /** Where Ollama listens, without `/api` (`http://127.0.0.1:11434`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (Ollama's cloud, or a proxy in front of a local Ollama). */
  apiKey?: string;
  /** How long Ollama keeps the model loaded after the request (`"5m"`, `0`, `-1`). */
  keepAlive?: string | number;
  /** Model parameters Ollama takes in `options` (`num_ctx`, `top_p`, `seed`, …). */
  parameters?: Record<string, unknown>;
}

/**
 * `TextGenerator` for Ollama's native `/api/chat`: one POST with
 * `stream: true`, answered with NDJSON lines. Text comes as
 * `message.content` pieces, tool calls whole in `message.tool_calls`, and the
 * last line has `done: true` with the token counts.
 */
export class OllamaTextGenerator implements TextGenerator {
  readonly keepsHistory = false;

  constructor(private readonly settings: OllamaSettings) {}

  async *stream(request: GenerationRequest, options: GenerationOptions): AsyncIterable<StreamPart> {
    const apiKey = options.apiKey ?? this.settings.apiKey;
    try {
      const response = await fetch(new URL('/api/chat', this.settings.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify(this.body(request)),
        signal: options.signal,
      });
      if (!response.ok || !response.body) throw await httpError(response, apiKey);
      yield* this.parts(response.body, request.model);
      // An aborted body can end quietly: a cut-off answer must never look finished.
      options.signal.throwIfAborted();
    } catch (error) {
      throw toProviderError(error, options.signal, apiKey);
    }
  }

  private body(request: GenerationRequest): Record<string, unknown> {
    const parameters = {
      ...this.settings.parameters,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxOutputTokens === undefined ? {} : { num_predict: request.maxOutputTokens }),
    };
    const tools = toOllamaTools(request);
    return {
      model: request.model,
      messages: toOllamaMessages(request),
      stream: true,
      ...(tools.length ? { tools } : {}),
      ...(Object.keys(parameters).length ? { options: parameters } : {}),
      ...(this.settings.keepAlive === undefined ? {} : { keep_alive: this.settings.keepAlive }),
    };
  }

  private async *parts(body: AsyncIterable<Uint8Array>, requestedModel: string): AsyncIterable<StreamPart> {
    let calledTools = false;
    for await (const line of lines(body)) {
      const chunk = parseChunk(line);
      if (chunk.error !== undefined) throw new ProviderError(`The provider reported an error: ${chunk.error}`);
      if (chunk.message?.content) yield { type: 'text-delta', delta: chunk.message.content };
      for (const call of chunk.message?.tool_calls ?? []) {
        calledTools = true;
        // Ollama gives ids only in recent versions: make one where it gives none.
        yield { type: 'tool-call', toolCall: { id: call.id ?? `call_${randomUUID()}`, name: call.function.name, arguments: call.function.arguments } };
      }
      if (chunk.done) {
        const input = chunk.prompt_eval_count ?? 0;
        const output = chunk.eval_count ?? 0;
        yield {
          type: 'finish',
          model: chunk.model ?? requestedModel,
          finishReason: finishReason(chunk.done_reason, calledTools),
          usage: { inputTokens: input, outputTokens: output, totalTokens: input + output },
        };
        return;
      }
    }
  }
}
