import pino from 'pino';
import { listen, type RunningServer } from '../../src/adapters/inbound/http/server.js';
import { parseConfig } from '../../src/config/load-config.js';
import type { AppConfigInput } from '../../src/config/schema.js';
import { createHost, type HostOptions } from '../../src/composition/http-host.js';

/** Starts the real HTTP host on a free loopback port. */
export const startTestServer = async (
  input: AppConfigInput,
  host: Partial<HostOptions> = {},
): Promise<RunningServer> => {
  const config = parseConfig({ ...input, host: '127.0.0.1', port: 0 }, {});
  const { app } = createHost(config, { logger: pino({ level: 'silent' }), ...host });
  return listen(app, config.host, config.port);
};
