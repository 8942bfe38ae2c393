import { z } from 'zod';
import { InvalidInputError } from '../../../../domain/errors.js';

/**
 * Request bodies of the AI routes, shaped like the Jodit AI Assistant Pro
 * client's `IAIRequestContext`. Objects are loose: the client sends fields
 * (ids, timestamps, artifacts) the gateway does not need, and a newer client
 * may send more.
 */

export interface JoditToolParameter {
  name: string;
  type: string;
  description?: string;
  required?: boolean;
  enum?: unknown[];
  default?: unknown;
  parameters?: JoditToolParameter[];
}

export const joditToolParameterSchema: z.ZodType<JoditToolParameter> = z.lazy(() =>
  z.looseObject({
    name: z.string().min(1),
    type: z.string().min(1),
    description: z.string().optional(),
    required: z.boolean().optional(),
    enum: z.array(z.unknown()).optional(),
    default: z.unknown().optional(),
    parameters: z.array(joditToolParameterSchema).optional(),
  }),
);

export const toolSchema = z.looseObject({
  name: z.string().min(1).max(128),
  description: z.string().optional(),
  /** The Jodit list of parameters, or a JSON Schema object. */
  parameters: z.union([z.array(joditToolParameterSchema), z.record(z.string(), z.unknown())]).optional(),
});

export const toolCallSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  status: z.string().optional(),
});

export const toolResultSchema = z.looseObject({
  toolCallId: z.string().min(1),
  result: z.unknown().optional(),
  error: z.string().optional(),
});

export const messageSchema = z.looseObject({
  id: z.string().optional(),
  role: z.enum(['user', 'assistant', 'system', 'tool']),
  content: z.string().default(''),
  timestamp: z.number().optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  toolResults: z.array(toolResultSchema).optional(),
});

export const requestContextSchema = z.looseObject({
  mode: z.enum(['full', 'incremental']).default('full'),
  conversationId: z.string().optional(),
  messages: z.array(messageSchema).default([]),
  parentMessageId: z.string().min(1).optional(),
  tools: z.array(toolSchema).default([]),
  selectionContexts: z.array(z.looseObject({ html: z.string() })).default([]),
  conversationOptions: z
    .looseObject({
      model: z.string().min(1).optional(),
      temperature: z.number().min(0).max(2).optional(),
      maxTokens: z.number().int().positive().optional(),
      timeoutMs: z.number().int().positive().optional(),
    })
    .optional(),
  instructions: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const generateTextBodySchema = z.object({
  provider: z.string().min(1),
  context: requestContextSchema,
});

export const generateImageBodySchema = z.object({
  provider: z.string().min(1),
  request: z.looseObject({
    prompt: z.string().min(1).max(32_000),
    model: z.string().min(1).optional(),
    n: z.number().int().min(1).max(10).optional(),
    size: z.string().regex(/^(\d+x\d+|auto)$/, 'expected WIDTHxHEIGHT or auto').optional(),
  }),
});

export type GenerateTextBody = z.output<typeof generateTextBodySchema>;
export type GenerateImageBody = z.output<typeof generateImageBodySchema>;

/** Validates a body; a failure is a 400 with zod's issues in `details`. */
export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
  const result = schema.safeParse(body);
  if (!result.success) throw new InvalidInputError('The request body is not valid', result.error.issues);
  return result.data;
};
