import { z } from 'zod';
import { aiSchema } from './ai-schema.js';
import { filesSchema } from './files-schema.js';
import { metricsSchema, readinessSchema } from './ops-schema.js';

const originPattern = z.string().min(1);

export const appConfigSchema = z.strictObject({
  host: z.string().min(1).default('0.0.0.0'),
  port: z.number().int().min(0).max(65_535).default(8082),
  publicUrl: z.url().optional(),
  trustProxy: z.boolean().default(false),
  allowedOrigins: z.union([originPattern, z.array(originPattern)]).default('*'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  shutdownGraceMs: z.number().int().min(0).default(10_000),
  metrics: metricsSchema,
  readiness: readinessSchema,
  demo: z
    .strictObject({
      enabled: z.boolean().default(false),
      /** The client key the demo page uses and shows; only for local playgrounds. */
      clientKey: z.string().default('00000000-0000-4000-8000-000000000000'),
    })
    .default({ enabled: false, clientKey: '00000000-0000-4000-8000-000000000000' }),
  ai: aiSchema.optional(),
  files: filesSchema.optional(),
});

export type AppConfig = z.output<typeof appConfigSchema>;
export type AppConfigInput = z.input<typeof appConfigSchema>;
