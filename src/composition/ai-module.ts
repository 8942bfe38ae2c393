import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { MemoryConversationStore } from '../adapters/outbound/conversations/memory-conversation-store.js';
import { RedisConversationStore } from '../adapters/outbound/conversations/redis-conversation-store.js';
import { RandomIdGenerator } from '../adapters/outbound/system/random-id-generator.js';
import { TimerSleeper } from '../adapters/outbound/system/timer-sleeper.js';
import { AuthenticateClient } from '../application/ai/authenticate-client.js';
import { CheckHealth } from '../application/ai/check-health.js';
import { GenerateImage } from '../application/ai/generate-image.js';
import { GenerateText } from '../application/ai/generate-text.js';
import { ListProviders } from '../application/ai/list-providers.js';
import type { Retrying } from '../application/ai/retry.js';
import type { AiConfig } from '../config/ai-schema.js';
import { RefererPolicy } from '../domain/ai/referer-policy.js';
import type { ClientVerifier } from '../ports/client-verifier.js';
import type { Clock } from '../ports/clock.js';
import type { ConversationStore } from '../ports/conversation-store.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { ProviderRegistry } from '../ports/provider-registry.js';
import type { Sleeper } from '../ports/sleeper.js';
import { TOKENS } from '../ports/tokens.js';
import type { UsageRecorder } from '../ports/usage-recorder.js';
import type { Metrics } from '../ports/metrics.js';

/** Every usage record also feeds the provider latency, error and token metrics. */
const alsoToMetrics = (recorder: UsageRecorder | undefined, metrics: Metrics): UsageRecorder => ({
  async record(entry) {
    metrics.providerCall(entry.provider, entry.durationMs, entry.outcome === 'completed');
    if (entry.usage) metrics.tokensUsed(entry.provider, entry.model, entry.usage.inputTokens, entry.usage.outputTokens);
    await recorder?.record(entry);
  },
});
import { providersFromConfig } from './provider-registry.js';

export interface AiOverrides {
  providers?: ProviderRegistry;
  conversationStore?: ConversationStore;
  usageRecorder?: UsageRecorder;
  idGenerator?: IdGenerator;
  sleeper?: Sleeper;
  /** The embedder's `checkAuthentication` for client keys. */
  clientVerifier?: ClientVerifier;
  /** Where the Redis conversation store reports an outage. */
  logger?: Logger;
}

type ClosableConversationStore = ConversationStore & { close?(): Promise<void> };

const conversationStore = (config: AiConfig, clock: Clock, logger?: Logger): ClosableConversationStore => {
  const { backend, ttlSeconds, timeoutMs } = config.conversations;
  if (backend === 'memory') return new MemoryConversationStore(ttlSeconds, clock);
  const url = config.conversations.redisUrl ?? config.rateLimit.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const log = logger?.child({ conversationStore: 'redis' });
  return RedisConversationStore.connect(url, ttlSeconds, {
    ...(timeoutMs ? { commandTimeoutMs: timeoutMs } : {}),
    // Once per outage and once per recovery, never with the URL (it may hold the password).
    onAvailabilityChange: (change) =>
      change.available
        ? log?.info('conversation store: Redis is available again')
        : log?.warn({ reason: change.error.message }, 'conversation store: Redis is unavailable, conversations cannot be continued or kept until it is back'),
  });
};

/** The AI adapter's bindings. */
export const aiModule = (config: AiConfig, overrides: AiOverrides = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const providers = overrides.providers ?? providersFromConfig(config);
    const timeouts = { requestTimeoutMs: config.requestTimeoutMs, maxRequestTimeoutMs: config.maxRequestTimeoutMs };
    bind<ProviderRegistry>(TOKENS.ProviderRegistry).toConstantValue(providers);
    bind<readonly string[]>(TOKENS.AiProviderNames).toConstantValue(providers.list().map((p) => p.name));
    bind<ClosableConversationStore>(TOKENS.ConversationStore)
      .toResolvedValue((clock: Clock) => overrides.conversationStore ?? conversationStore(config, clock, overrides.logger), [TOKENS.Clock])
      .inSingletonScope()
      .onDeactivation((store) => store.close?.());
    bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue(overrides.idGenerator ?? new RandomIdGenerator());
    bind<Sleeper>(TOKENS.Sleeper).toConstantValue(overrides.sleeper ?? new TimerSleeper());
    bind<UsageRecorder>(TOKENS.UsageRecorder)
      .toResolvedValue((metrics: Metrics) => alsoToMetrics(overrides.usageRecorder, metrics), [TOKENS.Metrics])
      .inSingletonScope();
    bind(TOKENS.CheckHealth)
      .toResolvedValue(
        (clock: Clock, version: string, names: readonly string[]) => new CheckHealth(clock, version, names),
        [TOKENS.Clock, TOKENS.AppVersion, TOKENS.AiProviderNames],
      )
      .inSingletonScope();
    bind(TOKENS.AuthenticateClient).toConstantValue(
      new AuthenticateClient(config.auth.apiKeys, new RefererPolicy(config.auth.referers ?? []), overrides.clientVerifier, config.auth.timeoutMs),
    );
    bind(TOKENS.ListProviders).toConstantValue(new ListProviders(providers));
    const retrying = (sleeper: Sleeper): Retrying => ({ policy: config.retry, sleeper });
    bind(TOKENS.GenerateText)
      .toResolvedValue(
        (conversations: ConversationStore, ids: IdGenerator, clock: Clock, usage: UsageRecorder, sleeper: Sleeper) =>
          new GenerateText({ providers, conversations, ids, clock, usage, retrying: retrying(sleeper), timeouts }),
        [TOKENS.ConversationStore, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.UsageRecorder, TOKENS.Sleeper],
      )
      .inSingletonScope();
    bind(TOKENS.GenerateImage)
      .toResolvedValue(
        (clock: Clock, usage: UsageRecorder, sleeper: Sleeper) => new GenerateImage({ providers, clock, usage, retrying: retrying(sleeper), timeouts }),
        [TOKENS.Clock, TOKENS.UsageRecorder, TOKENS.Sleeper],
      )
      .inSingletonScope();
  });
