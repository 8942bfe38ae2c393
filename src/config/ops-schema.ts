import { z } from 'zod';

export const metricsSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    path: z.string().regex(/^\/[^?#]*$/, 'must be a path starting with /').default('/metrics'),
  })
  .default({ enabled: true, path: '/metrics' });

export const readinessSchema = z
  .strictObject({
    /** How long `/ready` waits for each dependency (Redis) before calling it unreachable. */
    timeoutMs: z.number().int().positive().default(1_000),
  })
  .default({ timeoutMs: 1_000 });

export type MetricsConfig = z.output<typeof metricsSchema>;
