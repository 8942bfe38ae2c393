import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { clientRateLimitKey } from '../../../src/adapters/inbound/http/rate-limit.js';
import { uniquePrefix } from '../../support/redis.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { registerSecret } from '../support/recorder.js';
import { AI_HEADERS, ask, startRedisHost, startRedisPath, REDIS_PASSWORD, type Answer, type RedisHost, type RedisPath } from './redis-host.js';

export const LIMIT = 5;
/** The limiters' per-check time limit; answers are awaited far longer (no-hang bounds), never timed. */
export const COMMAND_TIMEOUT_MS = 300;

export interface LimitedHost {
  path: RedisPath;
  host: RedisHost;
  where: string;
  /** GET /ai/providers as the client with key `clientKey` (counted per key). */
  ai(clientKey: string): Promise<Answer>;
  /** GET /?action=files as the client at `address` (counted per address; the host trusts X-Forwarded-For). */
  files(address: string): Promise<Answer>;
  ready(): Promise<Answer>;
  /** How many admissions Redis itself holds for that client, asked past the proxy. */
  countedFor(client: { clientKey: string } | { address: string }): Promise<number>;
  close(): Promise<void>;
}

/** A fresh client key, registered as the secret it is. */
export const newClientKey = (): string => registerSecret(randomUUID());

/**
 * The host with both limiters (AI and file connector) on one Redis behind a
 * proxy; the same `failOpen` for both, `max` requests a minute each.
 */
export const startLimitedHost = async (where: string, failOpen: boolean, initial: 'pass' | 'cut', max = LIMIT): Promise<LimitedHost> => {
  const path = await startRedisPath(initial);
  const temp = await makeTempDir();
  const prefix = uniquePrefix('hardening-redis');
  const limit = { backend: 'redis' as const, max, windowMs: 60_000, failOpen, timeoutMs: COMMAND_TIMEOUT_MS, keyPrefix: prefix };
  const host = await startRedisHost(where, {
    trustProxy: true,
    ai: { rateLimit: { ...limit, redisUrl: path.url } },
    files: { sources: { docs: { root: temp.dir } }, rateLimit: limit },
  });
  const admin = new Redis({ port: path.redis.port, host: '127.0.0.1', password: REDIS_PASSWORD, lazyConnect: true });
  const { url } = host.server;
  return {
    path,
    host,
    where,
    ai: (clientKey) => ask(`${url}/ai/providers`, { headers: { ...AI_HEADERS, authorization: `Bearer ${clientKey}` } }),
    files: (address) => ask(`${url}/?action=files&source=docs`, { headers: { 'x-forwarded-for': address } }),
    ready: () => ask(`${url}/ready`),
    countedFor: async (client) => {
      const key = 'clientKey' in client ? `${prefix}ai:${clientRateLimitKey({ apiKey: client.clientKey, ip: undefined })}` : `${prefix}files:${clientRateLimitKey({ ip: client.address })}`;
      return admin.zcard(key);
    },
    close: async () => {
      admin.disconnect();
      await host.close();
      await path.close();
      await temp.remove();
    },
  };
};
