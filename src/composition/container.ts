import { Container, ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { SystemClock } from '../adapters/outbound/system/system-clock.js';
import type { AppConfig } from '../config/schema.js';
import type { Clock } from '../ports/clock.js';
import { TOKENS } from '../ports/tokens.js';
import { aiModule, type AiOverrides } from './ai-module.js';
import { filesModule, type FilesOverrides } from './files-module.js';
import { rateLimitModule } from './rate-limit-module.js';
import { opsModule, type OpsOverrides } from './ops-module.js';
import { mediaModule, type MediaOverrides } from './media-module.js';
import { APP_VERSION } from './version.js';

export interface ContainerOverrides extends FilesOverrides, MediaOverrides, AiOverrides, OpsOverrides {
  clock?: Clock;
  /** Where adapters report trouble that is not tied to a request (a Redis outage). */
  logger?: Logger;
}

const coreModule = (overrides: ContainerOverrides) =>
  new ContainerModule(({ bind }) => {
    bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? new SystemClock());
    bind<string>(TOKENS.AppVersion).toConstantValue(APP_VERSION);
  });

/** The one place that knows every adapter: binds the services the config enables. */
export const buildContainer = (config: AppConfig, overrides: ContainerOverrides = {}): Container => {
  const container = new Container();
  container.load(coreModule(overrides));
  container.load(opsModule(config, overrides));
  if (config.files) container.load(filesModule(config.files, overrides), mediaModule(config.files, overrides));
  if (config.ai) container.load(aiModule(config.ai, overrides));
  container.load(rateLimitModule(config, overrides.logger));
  return container;
};
