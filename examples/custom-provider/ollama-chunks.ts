import type { FinishReason } from 'editor-backend';

/** One line of `/api/chat`'s NDJSON stream, as far as this adapter reads it. */
export interface OllamaChunk {
  model?: string;
  message?: {
    content?: string;
    tool_calls?: { id?: string; function: { name: string; arguments: Record<string, unknown> } }[];
  };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  /** A failure after the stream began (a model that crashed, a runner that was stopped). */
  error?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isToolCall = (value: unknown): boolean =>
  isRecord(value) && isRecord(value.function) && typeof value.function.name === 'string' && (isRecord(value.function.arguments) || typeof value.function.arguments === 'string');

/** Parses one line; throws on anything that is not a chunk of this protocol. */
export const parseChunk = (line: string): OllamaChunk => {
  const value: unknown = JSON.parse(line);
  if (!isRecord(value)) throw new Error('a line is not a JSON object');
  const message = value.message;
  if (message !== undefined && !isRecord(message)) throw new Error('"message" is not an object');
  if (message?.content !== undefined && typeof message.content !== 'string') throw new Error('"message.content" is not a string');
  const calls = message?.tool_calls;
  if (calls !== undefined && calls !== null && !(Array.isArray(calls) && calls.every(isToolCall))) throw new Error('"message.tool_calls" is malformed');
  if (value.error !== undefined && typeof value.error !== 'string') throw new Error('"error" is not a string');
  // Some Ollama versions (and proxies) send tool arguments as a JSON string rather than an object.
  if (Array.isArray(calls)) {
    for (const call of calls as { function: { arguments: unknown } }[]) {
      if (typeof call.function.arguments === 'string') call.function.arguments = JSON.parse(call.function.arguments) as unknown;
    }
  }
  return value as OllamaChunk;
};

/** Splits a byte stream into its lines as they complete (NDJSON: one JSON value per line). */
export async function* lines(body: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of body) {
    buffered += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line) yield line;
    }
  }
  const rest = (buffered + decoder.decode()).trim();
  if (rest) yield rest;
}

/** `done_reason` → the port's finish reason; a turn that called tools finishes with `tool-calls` whatever Ollama says. */
export const finishReason = (doneReason: string | undefined, calledTools: boolean): FinishReason => {
  if (calledTools) return 'tool-calls';
  if (doneReason === 'stop' || doneReason === undefined) return 'stop';
  return doneReason === 'length' ? 'length' : 'other';
};
