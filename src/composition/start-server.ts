import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { listen } from '../adapters/inbound/http/server.js';
import { validateConfig } from '../config/load-config.js';
import type { AppConfig, AppConfigInput } from '../config/schema.js';
import { createHost, type HostOptions } from './http-host.js';
import { createLogger } from './logger.js';

export interface StartServerOptions extends Omit<HostOptions, 'logger'> {
  /** Default: a pino logger at the config's `logLevel`, to stdout. */
  logger?: Logger;
}

export interface RunningEditorBackend {
  url: string;
  app: Express;
  server: Server;
  container: Container;
  config: AppConfig;
  /** Stops taking connections, lets open requests and streams finish within `graceMs`, then releases Redis and the rest. */
  close(graceMs?: number): Promise<void>;
}

/** The standalone server (what `npm start` runs): both services, ops endpoints, docs and the WebSocket transport. */
export const startServer = async (config: AppConfigInput | AppConfig = {}, options: StartServerOptions = {}): Promise<RunningEditorBackend> => {
  const checked = validateConfig(config);
  const logger = options.logger ?? createLogger(checked.logLevel);
  const { app, container, attachWebSocket } = createHost(checked, { ...options, logger });
  const running = await listen(app, checked.host, checked.port, logger);
  const websocket = attachWebSocket?.(running.server);
  return {
    url: running.url,
    app,
    server: running.server,
    container,
    config: checked,
    close: async (graceMs = checked.shutdownGraceMs) => {
      await Promise.all([websocket?.close(), running.close(graceMs)]);
      await container.unbindAllAsync(); // closes what adapters hold open (Redis connections)
    },
  };
};
