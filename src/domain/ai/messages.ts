/** A JSON Schema object describing a tool's parameters. */
export type JsonSchema = Record<string, unknown>;

export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface ToolResult {
  toolCallId: string;
  result: unknown;
}

/** One turn of a conversation in provider-neutral form. */
export interface ChatMessage {
  role: MessageRole;
  content: string;
  /** Calls the assistant asked for in this turn. */
  toolCalls?: ToolCall[];
  /** Results the client sends back (role `tool`). */
  toolResults?: ToolResult[];
}

export interface ToolDefinition {
  name: string;
  description?: string;
  parameters: JsonSchema;
}

/** Everything a provider needs for one generation, already in neutral form. */
export interface GenerationRequest {
  model: string;
  /** The system prompt, including any selection context the client sent. */
  instructions?: string;
  messages: ChatMessage[];
  tools: ToolDefinition[];
  /** The provider's own id of the response this one continues, for providers that keep history themselves. */
  previousResponseId?: string;
  temperature?: number;
  maxOutputTokens?: number;
}
