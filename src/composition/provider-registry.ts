import type { AiConfig } from '../config/ai-schema.js';
import { ConfigError } from '../config/load-config.js';
import type { Provider, ProviderRegistry } from '../ports/provider-registry.js';
import { providerFactory, registeredProviderTypes } from './provider-types.js';

class StaticProviderRegistry implements ProviderRegistry {
  private readonly byName: Map<string, Provider>;

  constructor(providers: Provider[]) {
    this.byName = new Map(providers.map((p) => [p.name, p]));
  }

  get(name: string): Provider | undefined {
    return this.byName.get(name);
  }

  list(): readonly Provider[] {
    return [...this.byName.values()];
  }
}

export const providerRegistry = (providers: Provider[]): ProviderRegistry => new StaticProviderRegistry(providers);

/** The enabled providers of the config, each made by its type's factory (`made` supplies some ready-made). */
export const providersFromConfig = (config: AiConfig, made: ReadonlyMap<string, Provider> = new Map()): ProviderRegistry =>
  new StaticProviderRegistry(
    Object.entries(config.providers)
      .filter(([, provider]) => provider.enabled)
      .map(([name, provider]) => {
        const ready = made.get(name);
        if (ready) return ready;
        const factory = providerFactory(provider.type);
        if (!factory) {
          throw new ConfigError(`ai.providers.${name}.type: no adapter registered for "${provider.type}" (registered: ${registeredProviderTypes().join(', ')})`);
        }
        return {
          name,
          type: provider.type,
          configured: Boolean(provider.apiKey),
          allowClientKey: provider.allowClientKey,
          ...(provider.defaultModel ? { defaultModel: provider.defaultModel } : {}),
          ...factory(provider),
        };
      }),
  );
