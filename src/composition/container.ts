import { Container, ContainerModule } from 'inversify';
import { SystemClock } from '../adapters/outbound/system/system-clock.js';
import type { AppConfig } from '../config/schema.js';
import type { Clock } from '../ports/clock.js';
import { TOKENS } from '../ports/tokens.js';
import { aiModule } from './ai-module.js';
import { filesModule, type FilesOverrides } from './files-module.js';
import { mediaModule, type MediaOverrides } from './media-module.js';
import { APP_VERSION } from './version.js';

export interface ContainerOverrides extends FilesOverrides, MediaOverrides {
  clock?: Clock;
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
  if (config.files) container.load(filesModule(config.files, overrides), mediaModule(config.files, overrides));
  if (config.ai) container.load(aiModule(config.ai));
  return container;
};
