import type { ToolCall } from './messages.js';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'other';

/** One piece of a streamed generation, in the order the provider produced it. */
export type StreamPart =
  | { type: 'text-delta'; delta: string }
  | { type: 'tool-call'; toolCall: ToolCall }
  | { type: 'finish'; responseId?: string; model: string; finishReason: FinishReason; usage?: Usage };
