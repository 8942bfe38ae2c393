import type { FinishPart } from '../../../../application/ai/generate-text.js';
import type { ToolCall } from '../../../../domain/ai/messages.js';
import type { StreamPart } from '../../../../domain/ai/stream-part.js';

/** The Jodit client's `IAIResponse`. */
export interface AssistantResponse {
  responseId: string;
  content: string;
  finished: boolean;
  toolCalls?: Array<ToolCall & { status: 'pending' }>;
  metadata?: Record<string, unknown>;
}

/** Builds the client's response object from the parts as they pass. */
export class ResponseBuilder {
  private content = '';
  private readonly toolCalls: ToolCall[] = [];

  constructor(private readonly responseId: string) {}

  created(): AssistantResponse {
    return { responseId: this.responseId, content: '', finished: false };
  }

  add(part: Exclude<StreamPart, { type: 'finish' }>): void {
    if (part.type === 'text-delta') this.content += part.delta;
    else this.toolCalls.push(part.toolCall);
  }

  completed(finish: FinishPart): AssistantResponse {
    return {
      responseId: finish.responseId,
      content: this.content,
      finished: true,
      toolCalls: this.toolCalls.map((call) => ({ ...call, status: 'pending' as const })),
      metadata: {
        model: finish.model,
        finishReason: finish.finishReason,
        ...(finish.usage ? { usage: finish.usage } : {}),
      },
    };
  }
}
