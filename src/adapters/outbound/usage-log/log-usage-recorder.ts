import type { Logger } from 'pino';
import type { UsageRecord, UsageRecorder } from '../../../ports/usage-recorder.js';

/** Enough of a client key to tell keys apart in a log, not enough to use one. */
const maskKey = (key: string): string => `${key.slice(0, 8)}…`;

/** The default usage sink: one structured log line per request. */
export class LogUsageRecorder implements UsageRecorder {
  constructor(private readonly logger: Logger) {}

  record({ clientKey, ...entry }: UsageRecord): void {
    this.logger.info({ usage: { ...entry, ...(clientKey ? { clientKey: maskKey(clientKey) } : {}) } }, 'ai usage');
  }
}
