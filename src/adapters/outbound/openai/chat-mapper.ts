import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ChatMessage, GenerationRequest, ToolDefinition } from '../../../domain/ai/messages.js';
import { toolOutputText } from './tool-output.js';

const toChatMessages = (message: ChatMessage): ChatCompletionMessageParam[] => {
  switch (message.role) {
    case 'tool':
      return (message.toolResults ?? []).map((r) => ({ role: 'tool', tool_call_id: r.toolCallId, content: toolOutputText(r.result) }));
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return [{ role: 'assistant', content: message.content }];
      return [
        {
          role: 'assistant',
          content: message.content || null,
          tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } })),
        },
      ];
    }
    default:
      return [{ role: message.role, content: message.content }];
  }
};

const toChatTool = (tool: ToolDefinition): ChatCompletionTool => ({
  type: 'function',
  function: { name: tool.name, parameters: tool.parameters, ...(tool.description ? { description: tool.description } : {}) },
});

/** A neutral request as a streamed Chat Completions call, asking for the usage chunk at the end. */
export const toChatParams = (request: GenerationRequest): ChatCompletionCreateParamsStreaming => ({
  model: request.model,
  messages: [
    ...(request.instructions ? [{ role: 'system' as const, content: request.instructions }] : []),
    ...request.messages.flatMap(toChatMessages),
  ],
  stream: true,
  stream_options: { include_usage: true },
  ...(request.tools.length ? { tools: request.tools.map(toChatTool) } : {}),
  ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  ...(request.maxOutputTokens === undefined ? {} : { max_tokens: request.maxOutputTokens }),
});
