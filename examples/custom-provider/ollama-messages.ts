import type { ChatMessage, GenerationRequest, ToolCall } from 'editor-backend';

/** One message of Ollama's `/api/chat` conversation. */
export interface OllamaMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  tool_calls?: { function: { name: string; arguments: Record<string, unknown> } }[];
  /** On a `tool` message: which tool produced the result. */
  tool_name?: string;
}

export interface OllamaTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

const asText = (result: unknown): string => (typeof result === 'string' ? result : JSON.stringify(result));

/**
 * Neutral messages → Ollama's. Ollama names a tool result by the tool's name,
 * not by a call id, so each result looks its call up among the calls made
 * earlier in the conversation.
 */
export const toOllamaMessages = (request: GenerationRequest): OllamaMessage[] => {
  const calls = new Map<string, ToolCall>();
  const out: OllamaMessage[] = request.instructions ? [{ role: 'system', content: request.instructions }] : [];
  for (const message of request.messages) out.push(...convert(message, calls));
  return out;
};

const convert = (message: ChatMessage, calls: Map<string, ToolCall>): OllamaMessage[] => {
  if (message.role === 'tool') {
    return (message.toolResults ?? []).map((result) => {
      const name = calls.get(result.toolCallId)?.name;
      return { role: 'tool', content: asText(result.result), ...(name ? { tool_name: name } : {}) };
    });
  }
  if (message.role === 'assistant' && message.toolCalls?.length) {
    for (const call of message.toolCalls) calls.set(call.id, call);
    return [{ role: 'assistant', content: message.content, tool_calls: message.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) }];
  }
  return [{ role: message.role, content: message.content }];
};

export const toOllamaTools = (request: GenerationRequest): OllamaTool[] =>
  request.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.parameters },
  }));
