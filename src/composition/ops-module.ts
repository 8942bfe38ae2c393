import { ContainerModule } from 'inversify';
import { PrometheusMetrics } from '../adapters/outbound/metrics-prometheus/prometheus-metrics.js';
import { noopMetrics } from '../adapters/outbound/metrics-memory/noop-metrics.js';
import { RedisReadinessCheck } from '../adapters/outbound/redis-readiness/redis-readiness-check.js';
import { CheckReadiness } from '../application/ops/check-readiness.js';
import type { AppConfig } from '../config/schema.js';
import type { Metrics, MetricsExposition } from '../ports/metrics.js';
import type { ReadinessCheck } from '../ports/readiness-check.js';
import { TOKENS } from '../ports/tokens.js';

type Env = Record<string, string | undefined>;

export interface OpsOverrides {
  metrics?: Metrics;
  readinessChecks?: ReadinessCheck[];
}

/**
 * The Redis servers the config uses, with the decisions' fallback: a missing
 * `redisUrl` takes the other section's, then `REDIS_URL`, then loopback.
 */
export const redisUrlsInUse = (config: AppConfig, env: Env = process.env): Map<string, string> => {
  const ai = config.ai;
  if (!ai) return new Map();
  const fallback = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const limiterUrl = ai.rateLimit.redisUrl ?? ai.conversations.redisUrl ?? fallback;
  const conversationsUrl = ai.conversations.redisUrl ?? ai.rateLimit.redisUrl ?? fallback;
  const used = [
    ...(ai.rateLimit.backend === 'redis' ? [['rateLimit', limiterUrl]] : []),
    ...(ai.conversations.backend === 'redis' ? [['conversations', conversationsUrl]] : []),
  ] as [string, string][];
  const distinct = new Set(used.map(([, url]) => url));
  // One server is reported as `redis`; two different ones by what uses them.
  return new Map(used.map(([user, url]) => [distinct.size === 1 ? 'redis' : `redis.${user}`, url]));
};

/** Metrics and readiness: what operators see, bound for both services. */
export const opsModule = (config: AppConfig, overrides: OpsOverrides = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const prometheus = config.metrics.enabled && !overrides.metrics ? new PrometheusMetrics() : undefined;
    bind<Metrics>(TOKENS.Metrics).toConstantValue(overrides.metrics ?? prometheus ?? noopMetrics);
    if (prometheus) bind<MetricsExposition>(TOKENS.MetricsExposition).toConstantValue(prometheus);
    const checks =
      overrides.readinessChecks ??
      [...redisUrlsInUse(config)].map(([name, url]) => new RedisReadinessCheck({ name, url, timeoutMs: config.readiness.timeoutMs }));
    bind<readonly ReadinessCheck[]>(TOKENS.ReadinessChecks).toConstantValue(checks);
    bind(TOKENS.CheckReadiness)
      .toResolvedValue((all: readonly ReadinessCheck[]) => new CheckReadiness(all), [TOKENS.ReadinessChecks])
      .inSingletonScope();
  });
