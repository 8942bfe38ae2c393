import type { FinishReason } from '../../../domain/ai/stream-part.js';

const FINISH_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  refusal: 'content-filter',
};

export const toFinishReason = (stopReason: string | null | undefined): FinishReason =>
  stopReason ? (FINISH_REASONS[stopReason] ?? 'other') : 'stop';
