import { ContainerModule } from 'inversify';
import { CheckHealth } from '../application/ai/check-health.js';
import type { AiConfig } from '../config/ai-schema.js';
import type { Clock } from '../ports/clock.js';
import { TOKENS } from '../ports/tokens.js';

/** The AI adapter's bindings. */
export const aiModule = (config: AiConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const enabled = Object.entries(config.providers)
      .filter(([, provider]) => provider.enabled)
      .map(([name]) => name);
    bind<readonly string[]>(TOKENS.AiProviderNames).toConstantValue(enabled);
    bind(TOKENS.CheckHealth)
      .toResolvedValue(
        (clock: Clock, version: string, names: readonly string[]) => new CheckHealth(clock, version, names),
        [TOKENS.Clock, TOKENS.AppVersion, TOKENS.AiProviderNames],
      )
      .inSingletonScope();
  });
