import { listen } from './adapters/inbound/http/server.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { createHost } from './composition/http-host.js';
import { createLogger } from './composition/logger.js';

const main = async (): Promise<void> => {
  let loaded;
  let host;
  let logger;
  try {
    loaded = loadConfig();
    logger = createLogger(loaded.config.logLevel);
    host = createHost(loaded.config, { logger });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const { config, source } = loaded;
  const { app, container } = host;
  const running = await listen(app, config.host, config.port, logger);
  logger.info(
    {
      config: source,
      url: running.url,
      files: config.files ? Object.entries(config.files.sources).map(([name, s]) => `${name} → ${s.root}`) : 'disabled',
      aiProviders: config.ai ? Object.keys(config.ai.providers) : 'disabled',
    },
    `editor backend listening on ${running.url} (files: ${running.url}${config.files?.mountPath ?? ''}?action=files, AI: ${running.url}/ai/health)`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    void running.close(config.shutdownGraceMs).then(async () => {
      await container.unbindAllAsync(); // closes what adapters hold open (Redis connections)
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};

void main();
