import type { ResponseCreateParamsStreaming, ResponseInputItem, FunctionTool } from 'openai/resources/responses/responses';
import type { ChatMessage, GenerationRequest, ToolDefinition } from '../../../domain/ai/messages.js';
import { toolOutputText } from './tool-output.js';

const toInputItems = (message: ChatMessage): ResponseInputItem[] => {
  if (message.role === 'tool') {
    return (message.toolResults ?? []).map((r) => ({ type: 'function_call_output', call_id: r.toolCallId, output: toolOutputText(r.result) }));
  }
  const items: ResponseInputItem[] = [];
  if (message.content) items.push({ role: message.role, content: message.content });
  for (const call of message.toolCalls ?? []) {
    items.push({ type: 'function_call', call_id: call.id, name: call.name, arguments: JSON.stringify(call.arguments) });
  }
  return items;
};

const toFunctionTool = (tool: ToolDefinition): FunctionTool => ({
  type: 'function',
  name: tool.name,
  parameters: tool.parameters,
  // Client tools come with loose schemas (optional fields, no additionalProperties), which strict mode rejects.
  strict: false,
  ...(tool.description ? { description: tool.description } : {}),
});

/** A neutral request as a streamed Responses API call; history the server keeps is referred to by id. */
export const toResponsesParams = (request: GenerationRequest): ResponseCreateParamsStreaming => ({
  model: request.model,
  input: request.messages.flatMap(toInputItems),
  stream: true,
  ...(request.instructions ? { instructions: request.instructions } : {}),
  ...(request.tools.length ? { tools: request.tools.map(toFunctionTool) } : {}),
  ...(request.previousResponseId ? { previous_response_id: request.previousResponseId } : {}),
  ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  ...(request.maxOutputTokens === undefined ? {} : { max_output_tokens: request.maxOutputTokens }),
});
