import { ConfigError, loadConfig } from './config/load-config.js';
import type { SourceConfig } from './config/files-schema.js';
import { createLogger } from './composition/logger.js';
import { startServer, type RunningEditorBackend } from './composition/start-server.js';

const describeStorage = (source: SourceConfig): string => {
  const storage = source.storage;
  if (storage?.type === 's3') return `s3://${String(storage.bucket)}/${String(storage.prefix)}`;
  return storage && storage.type !== 'local' ? `${storage.type} storage` : String(source.root);
};

const main = async (): Promise<void> => {
  let running: RunningEditorBackend;
  let source: string;
  let log;
  try {
    const loaded = loadConfig();
    source = loaded.source;
    log = createLogger(loaded.config.logLevel);
    running = await startServer(loaded.config, { logger: log });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const { config, url } = running;
  log.info(
    {
      config: source,
      url,
      files: config.files ? Object.entries(config.files.sources).map(([name, s]) => `${name} → ${describeStorage(s)}`) : 'disabled',
      aiProviders: config.ai ? Object.keys(config.ai.providers) : 'disabled',
    },
    `editor backend listening on ${url} (files: ${url}${config.files?.mountPath ?? ''}?action=files, AI: ${url}/ai/health)`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    void running.close(config.shutdownGraceMs).then(() => {
      log.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};

void main();
