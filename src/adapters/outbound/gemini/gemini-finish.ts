import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { FinishReason, Usage } from '../../../domain/ai/stream-part.js';

const CONTENT_FILTER = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/** Gemini says STOP after a function call too; a turn that called tools finishes with `tool-calls`. */
export const toFinishReason = (reason: string | undefined, calledTools: boolean): FinishReason => {
  if (calledTools) return 'tool-calls';
  if (reason === undefined || reason === 'STOP') return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  return CONTENT_FILTER.has(reason) ? 'content-filter' : 'other';
};

/** Thinking tokens are billed as output, so they count as output here. */
export const toUsage = (metadata: GenerateContentResponseUsageMetadata | undefined): Usage | undefined => {
  if (!metadata) return undefined;
  const inputTokens = metadata.promptTokenCount ?? 0;
  const outputTokens = (metadata.candidatesTokenCount ?? 0) + (metadata.thoughtsTokenCount ?? 0);
  return { inputTokens, outputTokens, totalTokens: metadata.totalTokenCount ?? inputTokens + outputTokens };
};
