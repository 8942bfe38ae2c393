import { z } from 'zod';

/** A provider's `type` is a built-in or registered one (`registerProviderType`), checked when the host is built. */
export const providerSchema = z.strictObject({
  type: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a provider type: lowercase letters, digits, ".", "_" and "-"'),
  apiKey: z.string().optional(),
  defaultModel: z.string().min(1).optional(),
  baseUrl: z.url().optional(),
  enabled: z.boolean().default(true),
  allowClientKey: z.boolean().default(true),
  /** Settings of a registered custom provider type, handed to its factory as they are. */
  options: z.record(z.string(), z.unknown()).optional(),
});

const redisUrl = z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL');

export const rateLimitSchema = z.strictObject({
  backend: z.enum(['memory', 'redis']).default('memory'),
  redisUrl: redisUrl.optional(),
  windowMs: z.number().int().positive().default(60_000),
  max: z.number().int().positive().default(60),
  failOpen: z.boolean().default(true),
  /** Redis only: namespace of the keys (each service adds its own suffix), and the per-check time limit. */
  keyPrefix: z.string().min(1).optional(),
  timeoutMs: z.number().int().positive().optional(),
});

export const aiSchema = z.strictObject({
  providers: z.record(z.string().min(1), providerSchema).default({}),
  auth: z
    .strictObject({
      apiKeys: z.array(z.string()).optional(),
      referers: z.array(z.string()).optional(),
      /** How long an embedder's `checkAiAuthentication` may take before the request is a 401 (10 s when unset). */
      timeoutMs: z.number().int().positive().optional(),
    })
    .default({}),
  rateLimit: rateLimitSchema.default({ backend: 'memory', windowMs: 60_000, max: 60, failOpen: true }),
  requestTimeoutMs: z.number().int().positive().default(120_000),
  maxRequestTimeoutMs: z.number().int().positive().default(600_000),
  maxBodyBytes: z.number().int().positive().default(1024 * 1024),
  retry: z
    .strictObject({
      maxRetries: z.number().int().min(0).max(10).default(2),
      initialDelayMs: z.number().int().min(0).default(500),
      maxDelayMs: z.number().int().min(0).default(8_000),
    })
    .default({ maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8_000 }),
  conversations: z
    .strictObject({
      backend: z.enum(['memory', 'redis']).default('memory'),
      redisUrl: redisUrl.optional(),
      ttlSeconds: z.number().int().positive().default(86_400),
      /** Redis only: longest a load or save waits before the request fails with 503 (default 1000). */
      timeoutMs: z.number().int().positive().optional(),
    })
    .default({ backend: 'memory', ttlSeconds: 86_400 }),
});

export type AiConfig = z.output<typeof aiSchema>;
export type ProviderConfig = z.output<typeof providerSchema>;
export type AiConfigInput = z.input<typeof aiSchema>;
export type ProviderConfigInput = z.input<typeof providerSchema>;
