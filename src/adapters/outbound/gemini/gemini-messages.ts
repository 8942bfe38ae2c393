import type { Content, FunctionDeclaration, Part, Tool } from '@google/genai';
import type { ChatMessage, ToolDefinition } from '../../../domain/ai/messages.js';

export interface GeminiConversation {
  systemInstruction?: string;
  contents: Content[];
}

/** Gemini wants an object as a function response; anything else is wrapped. */
const asResponseObject = (result: unknown): Record<string, unknown> =>
  result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : { result };

/** Finds the thought signature to send back with a replayed function call, if any. */
export type SignatureLookup = (callId: string) => string | undefined;

const assistantParts = (message: ChatMessage, signatureFor: SignatureLookup): Part[] => [
  ...(message.content ? [{ text: message.content }] : []),
  ...(message.toolCalls ?? []).map((call): Part => {
    const thoughtSignature = signatureFor(call.id);
    return { functionCall: { id: call.id, name: call.name, args: call.arguments }, ...(thoughtSignature ? { thoughtSignature } : {}) };
  }),
];

/**
 * Neutral messages → Gemini `contents`. System messages join the system
 * instruction; a tool result needs the function's name, which only the
 * assistant turn that asked for it knows, so names are looked up by call id.
 */
export const toGeminiConversation = (
  instructions: string | undefined,
  messages: ChatMessage[],
  signatureFor: SignatureLookup = () => undefined,
): GeminiConversation => {
  const system = [instructions, ...messages.filter((m) => m.role === 'system').map((m) => m.content)].filter(Boolean);
  const namesById = new Map(messages.flatMap((m) => m.toolCalls ?? []).map((call) => [call.id, call.name]));
  const contents: Content[] = [];
  for (const message of messages) {
    if (message.role === 'user') contents.push({ role: 'user', parts: [{ text: message.content }] });
    if (message.role === 'assistant') contents.push({ role: 'model', parts: assistantParts(message, signatureFor) });
    if (message.role === 'tool') {
      const parts: Part[] = (message.toolResults ?? []).map((r) => ({
        functionResponse: { id: r.toolCallId, name: namesById.get(r.toolCallId) ?? r.toolCallId, response: asResponseObject(r.result) },
      }));
      contents.push({ role: 'user', parts: parts.length > 0 ? parts : [{ text: message.content }] });
    }
  }
  return { systemInstruction: system.length > 0 ? system.join('\n\n') : undefined, contents };
};

/** Our tools carry JSON Schema, which Gemini takes as is through `parametersJsonSchema`. */
export const toGeminiTools = (tools: ToolDefinition[]): Tool[] | undefined => {
  if (tools.length === 0) return undefined;
  const functionDeclarations: FunctionDeclaration[] = tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parametersJsonSchema: tool.parameters,
  }));
  return [{ functionDeclarations }];
};
