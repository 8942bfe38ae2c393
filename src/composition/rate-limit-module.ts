import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import type { Logger } from 'pino';
import { MemoryRateLimiter } from '../adapters/outbound/rate-limit/memory-rate-limiter.js';
import { RedisRateLimiter } from '../adapters/outbound/rate-limit/redis-rate-limiter.js';
import type { Metrics } from '../ports/metrics.js';
import { ConsumeRateLimit } from '../application/rate-limit/consume-rate-limit.js';
import type { AiConfig } from '../config/ai-schema.js';
import type { AppConfig } from '../config/schema.js';
import type { Clock } from '../ports/clock.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import { TOKENS } from '../ports/tokens.js';
import { resolveRedisUrl } from './redis-url.js';

export type RateLimitConfig = AiConfig['rateLimit'];
type ClosableRateLimiter = RateLimiter & { close?(): Promise<void> };

export interface RateLimiterContext {
  /** Which service the limiter counts for; it namespaces the Redis keys. */
  service: 'ai' | 'files';
  redisUrl: string;
  clock: Clock;
  logger?: Logger;
}

/** Picks the backend from `rateLimit.backend`. */
export const createRateLimiter = (settings: RateLimitConfig, context: RateLimiterContext): ClosableRateLimiter => {
  if (settings.backend === 'memory') {
    return new MemoryRateLimiter({ max: settings.max, windowMs: settings.windowMs, now: () => context.clock.now().getTime() });
  }
  const log = context.logger?.child({ rateLimiter: context.service, failOpen: settings.failOpen });
  return new RedisRateLimiter({
    url: context.redisUrl,
    max: settings.max,
    windowMs: settings.windowMs,
    failOpen: settings.failOpen,
    keyPrefix: `${settings.keyPrefix ?? 'editor-backend:rl:'}${context.service}:`,
    ...(settings.timeoutMs ? { commandTimeoutMs: settings.timeoutMs } : {}),
    onAvailabilityChange: (change) =>
      change.available
        ? log?.info('rate limiter: Redis is available again')
        : log?.warn({ reason: change.error.message }, `rate limiter: Redis is unavailable, requests are ${settings.failOpen ? 'admitted' : 'refused'} until it is back`),
  });
};

const bindLimiter = (
  bind: ContainerModuleLoadOptions['bind'],
  tokens: { limiter: symbol; useCase: symbol },
  settings: RateLimitConfig,
  context: Omit<RateLimiterContext, 'clock'>,
): void => {
  bind<ClosableRateLimiter>(tokens.limiter)
    .toResolvedValue((clock: Clock) => createRateLimiter(settings, { ...context, clock }), [TOKENS.Clock])
    .inSingletonScope()
    .onDeactivation((limiter) => limiter.close?.());
  bind(tokens.useCase)
    .toResolvedValue((limiter: RateLimiter, metrics: Metrics) => new ConsumeRateLimit(limiter, metrics), [tokens.limiter, TOKENS.Metrics])
    .inSingletonScope();
};

/** The AI adapter's limiter (always, when AI is on) and the file connector's (when `files.rateLimit` is set). */
export const rateLimitModule = (config: AppConfig, logger?: Logger): ContainerModule =>
  new ContainerModule(({ bind }) => {
    if (config.ai) {
      const settings = config.ai.rateLimit;
      bindLimiter(bind, { limiter: TOKENS.RateLimiter, useCase: TOKENS.ConsumeRateLimit }, settings, {
        service: 'ai', redisUrl: resolveRedisUrl(settings.redisUrl, config), ...(logger ? { logger } : {}),
      });
    }
    const files = config.files?.rateLimit;
    if (files) {
      bindLimiter(bind, { limiter: TOKENS.FilesRateLimiter, useCase: TOKENS.FilesConsumeRateLimit }, files, {
        service: 'files', redisUrl: resolveRedisUrl(files.redisUrl, config), ...(logger ? { logger } : {}),
      });
    }
  });
