import { Redis } from 'ioredis';
import { answerWithin } from '../../../domain/time-limit.js';
import type { ReadinessCheck, ReadinessResult } from '../../../ports/readiness-check.js';

export interface RedisReadinessOptions {
  name: string;
  url: string;
  timeoutMs: number;
}

/**
 * Pings Redis on a fresh connection for each probe: it answers for the
 * network path right now, keeps no reconnecting client in the background,
 * and cannot disturb the clients the rate limiter and conversation store use.
 */
export class RedisReadinessCheck implements ReadinessCheck {
  readonly name: string;

  constructor(private readonly options: RedisReadinessOptions) {
    this.name = options.name;
  }

  async check(): Promise<ReadinessResult> {
    const started = performance.now();
    const client = new Redis(this.options.url, {
      lazyConnect: true,
      connectTimeout: this.options.timeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // The socket's own error ("connect ECONNREFUSED …") says more than the rejected connect ("Connection is closed.").
    let socketError: Error | undefined;
    client.on('error', (error: Error) => (socketError ??= error));
    try {
      await answerWithin(client.connect().then(() => client.ping()), this.options.timeoutMs, () => new Error(`no answer within ${this.options.timeoutMs} ms`));
      return { ok: true, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      const reason = socketError ?? error;
      return { ok: false, error: reason instanceof Error ? reason.message : 'unreachable' };
    } finally {
      client.disconnect();
    }
  }
}
