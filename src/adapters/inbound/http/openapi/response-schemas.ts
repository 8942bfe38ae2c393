import { z } from 'zod';

/** Shapes of the answers, for the OpenAPI document and for tests that check real answers against it. */
export const filesSuccessSchema = z.looseObject({ success: z.literal(true), data: z.looseObject({ code: z.literal(220) }) }).meta({ id: 'FilesSuccess' });

export const filesErrorSchema = z
  .object({ success: z.literal(false), data: z.object({ code: z.number().int(), messages: z.array(z.string()) }) })
  .meta({ id: 'FilesError' });

export const fileEntrySchema = z
  .looseObject({
    file: z.string(),
    name: z.string(),
    type: z.enum(['file', 'folder']),
    size: z.number().int().nonnegative(),
    changed: z.iso.datetime(),
    isImage: z.boolean(),
    thumb: z.string().optional(),
    thumbIsAbsolute: z.boolean().optional(),
  })
  .meta({ id: 'FileEntry' });

export const listingSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      code: z.literal(220),
      sources: z.array(z.object({ name: z.string(), title: z.string(), baseurl: z.string(), path: z.string(), files: z.array(fileEntrySchema) })),
    }),
  })
  .meta({ id: 'FilesListing' });

export const aiErrorSchema = z
  .object({ success: z.literal(false), error: z.object({ code: z.number().int(), message: z.string(), details: z.unknown().optional() }) })
  .meta({ id: 'AiError' });

export const healthSchema = z
  .object({ status: z.literal('ok'), timestamp: z.iso.datetime(), version: z.string(), providers: z.array(z.string()) })
  .meta({ id: 'Health' });

export const providersSchema = z
  .object({
    success: z.literal(true),
    providers: z.array(z.looseObject({ name: z.string(), type: z.string(), defaultModel: z.string().optional(), configured: z.boolean() })),
  })
  .meta({ id: 'Providers' });

const resultSchema = z.looseObject({ responseId: z.string(), content: z.string(), finished: z.boolean() }).meta({ id: 'AssistantResult' });

export const streamEventSchema = z
  .union([
    z.object({ type: z.literal('created'), response: resultSchema }),
    z.object({ type: z.literal('text-delta'), delta: z.string() }),
    z.object({ type: z.literal('completed'), response: resultSchema }),
    z.looseObject({ type: z.literal('error'), error: z.object({ message: z.string() }), message: z.string() }),
  ])
  .meta({ id: 'StreamEvent', description: 'The data of one SSE frame: `event: <type>\\ndata: <json>\\n\\n`' });

export const nonStreamResultSchema = z.object({ success: z.literal(true), result: resultSchema }).meta({ id: 'NonStreamResult' });

export const imageResultSchema = z
  .object({
    success: z.literal(true),
    result: z.looseObject({ images: z.array(z.union([z.object({ b64_json: z.string() }), z.object({ url: z.string() })])), created: z.number(), metadata: z.looseObject({}) }),
  })
  .meta({ id: 'ImageResult' });

export const pingSchema = z.object({ success: z.literal(true) }).meta({ id: 'Ping' });
