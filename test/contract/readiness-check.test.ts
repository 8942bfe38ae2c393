import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { RedisReadinessCheck } from '../../src/adapters/outbound/redis-readiness/redis-readiness-check.js';
import { FixedReadinessCheck } from '../support/fixed-readiness-check.js';
import { readinessCheckContract } from '../../src/testing/contracts/readiness-check.contract.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'hunter2-do-not-log';

/** A port nobody listens on: bound, read, released. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

/** Accepts connections and never says a word, like a Redis behind a broken network. */
const silentServer = async (): Promise<{ server: Server; port: number; sockets: Set<Socket> }> => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets };
};

readinessCheckContract('RedisReadinessCheck', async () => {
  const port = await closedPort();
  return {
    reachable: () => new RedisReadinessCheck({ name: 'redis', url: REDIS_URL, timeoutMs: 2_000 }),
    unreachable: () => new RedisReadinessCheck({ name: 'redis', url: `redis://:${SECRET}@127.0.0.1:${port}`, timeoutMs: 2_000 }),
    secret: SECRET,
  };
});

readinessCheckContract('FixedReadinessCheck', async () => ({
  reachable: () => new FixedReadinessCheck('fake'),
  unreachable: () => new FixedReadinessCheck('fake', 'down'),
}));

describe('RedisReadinessCheck', () => {
  it('gives up on a server that accepts but never answers, within its timeout', async () => {
    const silent = await silentServer();
    const result = await new RedisReadinessCheck({ name: 'redis', url: `redis://127.0.0.1:${silent.port}`, timeoutMs: 200 }).check();
    assert.equal(result.ok, false);
    assert.match(result.error!, /no answer within 200 ms/);
    for (const socket of silent.sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.server.close(() => resolve()));
  });
});
