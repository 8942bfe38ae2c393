import type { ChatMessage, GenerationRequest, ToolDefinition } from '../../domain/ai/messages.js';

export interface ClientContext {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  instructions?: string;
  /** HTML the user selected in the editor; the model gets it as context. */
  selections: string[];
  temperature?: number;
  maxOutputTokens?: number;
}

const selectionBlock = (selections: readonly string[]): string | undefined => {
  if (selections.length === 0) return undefined;
  const numbered = selections.map((html, i) => `Selection ${i + 1}:\n${html}`).join('\n\n');
  return `The user selected this content in the editor; requests refer to it:\n\n${numbered}`;
};

/** The provider-neutral request: the client's instructions and selections become one system prompt. */
export const buildGenerationRequest = (
  model: string,
  context: ClientContext,
  history: readonly ChatMessage[],
  previousResponseId?: string,
): GenerationRequest => {
  const instructions = [context.instructions?.trim(), selectionBlock(context.selections)].filter(Boolean).join('\n\n');
  return {
    model,
    messages: [...history, ...context.messages],
    tools: context.tools,
    ...(instructions ? { instructions } : {}),
    ...(previousResponseId ? { previousResponseId } : {}),
    ...(context.temperature === undefined ? {} : { temperature: context.temperature }),
    ...(context.maxOutputTokens === undefined ? {} : { maxOutputTokens: context.maxOutputTokens }),
  };
};
