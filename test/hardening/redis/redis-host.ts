import type pino from 'pino';
import { listen, type RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { createHost } from '../../../src/composition/http-host.js';
import { parseConfig } from '../../../src/config/load-config.js';
import type { AppConfigInput } from '../../../src/config/schema.js';
import { CLIENT_KEY } from '../../support/ai-server.js';
import { startOwnRedis, type OwnRedis } from '../../support/redis-server.js';
import { recordedFetch, recordingLogger, registerSecret } from '../support/recorder.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/** The password of every private redis-server in this folder: the sweep fails if any answer or log line carries it. */
export const REDIS_PASSWORD = registerSecret('redis-hardening-pw-4Kq8xZ2');

export interface RedisPath {
  redis: OwnRedis;
  proxy: TcpProxy;
  /** The proxy's address with the password, as the service is configured with it. */
  url: string;
  close(): Promise<void>;
}

/** A private redis-server (requirepass) behind a proxy the test can cut, blackhole and heal. */
export const startRedisPath = async (initial: 'pass' | 'cut' = 'pass'): Promise<RedisPath> => {
  const redis = await startOwnRedis({ password: REDIS_PASSWORD });
  const proxy = await startTcpProxy(redis.port, initial);
  return {
    redis,
    proxy,
    url: `redis://:${encodeURIComponent(REDIS_PASSWORD)}@127.0.0.1:${proxy.port}`,
    close: async () => {
      await proxy.close();
      await redis.stop();
    },
  };
};

export interface RedisHost {
  server: RunningServer;
  /** Releases the host's Redis clients too, so none keeps reconnecting (and logging) after its test. */
  close(): Promise<void>;
}

/** The real host, every log line recorded under `where`; unlike startRecordedServer it can be disposed whole. */
export const startRedisHost = async (where: string, input: AppConfigInput, level: pino.Level = 'debug'): Promise<RedisHost> => {
  const config = parseConfig({ ...input, host: '127.0.0.1', port: 0 }, {});
  const { app, container } = createHost(config, { logger: recordingLogger(where, level) });
  const server = await listen(app, config.host, config.port);
  return {
    server,
    close: async () => {
      await server.close(0);
      await container.unbindAllAsync();
    },
  };
};

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** One recorded request; an answer that never comes fails after `noHangMs` (a no-hang bound, not a speed check). */
export const ask = async (url: string, init: RequestInit = {}, noHangMs = 15_000): Promise<Answer> => {
  const { response, text } = await recordedFetch(url, { ...init, signal: AbortSignal.timeout(noHangMs) });
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* SSE or text: kept as is */
  }
  return { status: response.status, body, headers: response.headers };
};

export const AI_HEADERS = { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}` };
