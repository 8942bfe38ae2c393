import type { ContentBlockParam, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, ToolDefinition } from '../../../domain/ai/messages.js';

export interface AnthropicConversation {
  system?: string;
  messages: MessageParam[];
}

const resultText = (result: unknown): string => (typeof result === 'string' ? result : JSON.stringify(result ?? null));

const toBlocks = (message: ChatMessage): ContentBlockParam[] => {
  const text: ContentBlockParam[] = message.content ? [{ type: 'text', text: message.content }] : [];
  if (message.role === 'assistant') {
    return [...text, ...(message.toolCalls ?? []).map((call): ContentBlockParam => ({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments }))];
  }
  if (message.role === 'tool' && message.toolResults?.length) {
    return message.toolResults.map((r): ContentBlockParam => ({ type: 'tool_result', tool_use_id: r.toolCallId, content: resultText(r.result) }));
  }
  return text;
};

/**
 * Neutral messages → Anthropic `messages`. System messages join `system`;
 * tool results travel as `tool_result` blocks in a user turn; turns of the
 * same role next to each other are merged, as Anthropic expects them to alternate.
 */
export const toAnthropicConversation = (instructions: string | undefined, messages: ChatMessage[]): AnthropicConversation => {
  const system = [instructions, ...messages.filter((m) => m.role === 'system').map((m) => m.content)].filter(Boolean);
  const merged: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = toBlocks(message);
    if (blocks.length === 0) continue;
    const previous = merged.at(-1);
    if (previous?.role === role) previous.content.push(...blocks);
    else merged.push({ role, content: blocks });
  }
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages: merged };
};

/** Our JSON Schema parameters are Anthropic's `input_schema`, which must be an object schema. */
export const toAnthropicTools = (tools: ToolDefinition[]): Tool[] | undefined =>
  tools.length === 0
    ? undefined
    : tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: { ...tool.parameters, type: 'object' } }));
