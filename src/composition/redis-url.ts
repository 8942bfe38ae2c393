import type { AppConfig } from '../config/schema.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * A section's own `redisUrl`, else any other section's (one Redis is the
 * common case), else `REDIS_URL`, else the local default.
 */
export const resolveRedisUrl = (
  own: string | undefined,
  config: AppConfig,
  env: Record<string, string | undefined> = process.env,
): string =>
  own ??
  config.ai?.rateLimit.redisUrl ??
  config.ai?.conversations.redisUrl ??
  config.files?.rateLimit?.redisUrl ??
  env.REDIS_URL ??
  DEFAULT_REDIS_URL;
