import type { GenerateImageInput } from '../../../../application/ai/generate-image.js';
import type { GenerateTextInput } from '../../../../application/ai/generate-text.js';
import type { ChatMessage, JsonSchema, ToolDefinition } from '../../../../domain/ai/messages.js';
import type { GenerateImageBody, GenerateTextBody, JoditToolParameter } from './schemas.js';

type Message = GenerateTextBody['context']['messages'][number];
type Tool = GenerateTextBody['context']['tools'][number];

const parameterSchema = (parameter: JoditToolParameter): JsonSchema => {
  const nested = parameter.parameters ?? [];
  return {
    type: nested.length ? 'object' : parameter.type,
    ...(parameter.description ? { description: parameter.description } : {}),
    ...(parameter.enum ? { enum: parameter.enum } : {}),
    ...(parameter.default === undefined ? {} : { default: parameter.default }),
    ...(nested.length ? objectSchema(nested) : {}),
  };
};

const objectSchema = (parameters: readonly JoditToolParameter[]) => ({
  properties: Object.fromEntries(parameters.map((p) => [p.name, parameterSchema(p)])),
  required: parameters.filter((p) => p.required).map((p) => p.name),
});

/** A Jodit parameter list becomes a JSON Schema object; a JSON Schema passes as it is. */
export const toToolDefinition = (tool: Tool): ToolDefinition => ({
  name: tool.name,
  ...(tool.description ? { description: tool.description } : {}),
  parameters: Array.isArray(tool.parameters)
    ? { type: 'object', ...objectSchema(tool.parameters) }
    : (tool.parameters ?? { type: 'object', properties: {} }),
});

/** The client's message, without its UI fields; a failed tool run reaches the model as `{error}`. */
export const toChatMessage = (message: Message): ChatMessage => ({
  role: message.role,
  content: message.content,
  ...(message.toolCalls?.length ? { toolCalls: message.toolCalls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })) } : {}),
  ...(message.toolResults?.length
    ? { toolResults: message.toolResults.map((r) => ({ toolCallId: r.toolCallId, result: r.error === undefined ? r.result : { error: r.error } })) }
    : {}),
});

export interface CallerContext {
  signal: AbortSignal;
  providerKey?: string;
  userId?: string;
  clientKey?: string;
}

const callerFields = (caller: CallerContext) => ({
  signal: caller.signal,
  ...(caller.providerKey ? { providerKey: caller.providerKey } : {}),
  ...(caller.userId ? { userId: caller.userId } : {}),
  ...(caller.clientKey ? { clientKey: caller.clientKey } : {}),
});

export const toGenerateTextInput = ({ provider, context }: GenerateTextBody, caller: CallerContext): GenerateTextInput => {
  const options = context.conversationOptions;
  return {
    provider,
    mode: context.mode,
    messages: context.messages.map(toChatMessage),
    tools: context.tools.map(toToolDefinition),
    selections: context.selectionContexts.map((s) => s.html).filter((html) => html.trim() !== ''),
    ...(context.parentMessageId ? { parentMessageId: context.parentMessageId } : {}),
    ...(context.instructions ? { instructions: context.instructions } : {}),
    ...(options?.model ? { model: options.model } : {}),
    ...(options?.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options?.maxTokens === undefined ? {} : { maxOutputTokens: options.maxTokens }),
    ...(options?.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...callerFields(caller),
  };
};

export const toGenerateImageInput = ({ provider, request }: GenerateImageBody, caller: CallerContext): GenerateImageInput => ({
  provider,
  prompt: request.prompt,
  ...(request.model ? { model: request.model } : {}),
  ...(request.n === undefined ? {} : { n: request.n }),
  ...(request.size ? { size: request.size } : {}),
  ...callerFields(caller),
});
