import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, isIP, type AddressInfo, type Server, type Socket } from 'node:net';

export interface Canary {
  port: number;
  /** TCP connections accepted, whatever was (or was not) sent on them. */
  connections: number;
  /** Where it listens: every local address on `port` when dual-stack `::` binds, else loopback only. */
  bound: string;
  close(): Promise<void>;
}

/**
 * A listener that counts connections, not requests: a fetcher that connects
 * and gives up (or is cut off by a timeout) still counts. It binds `::`
 * dual-stack when it can, so 127.0.0.1, 127.0.0.2, 127.1, 0.0.0.0, ::1 and
 * the machine's own addresses all land on it; otherwise 0.0.0.0. Whoever does
 * connect gets an answer that looks like success, so a leak cannot pass for
 * an unreachable host.
 */
export const startCanary = async (): Promise<Canary> => {
  const state = { connections: 0 };
  const onConnection = (socket: Socket) => {
    state.connections += 1;
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 6\r\nconnection: close\r\n\r\ncanary');
  };
  const listen = (host: string, ipv6Only?: boolean): Promise<Server> =>
    new Promise((resolve, reject) => {
      const server = createServer(onConnection);
      server.once('error', reject);
      server.listen({ port: 0, host, ...(ipv6Only === undefined ? {} : { ipv6Only }) }, () => resolve(server));
    });
  const { server, bound } = await listen('::', false)
    .then((s) => ({ server: s, bound: ':: (dual-stack)' }))
    .catch(async () => ({ server: await listen('0.0.0.0'), bound: '0.0.0.0' }));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    bound,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

export interface Attempt {
  ip: string;
  port: number;
}

const isLoopback = (ip: string): boolean => (isIP(ip) === 4 ? ip.startsWith('127.') : ip === '::1');

/**
 * Every outbound TCP connection this process starts while it is on, seen
 * through node's `net.client.socket` channel and each socket's
 * `connectionAttempt`: the canary cannot see a fetcher trying 10.0.0.1 or
 * 169.254.169.254, this can. Only loopback is expected here (the test's own
 * requests to the host, the "public" server), so `forbidden` is any attempt
 * off loopback, at the canary's port, or at a port of `pinned` on another
 * address than the one it is pinned to.
 */
export const spyOnConnections = (canaryPort: number, pinned: Record<number, string> = {}) => {
  const attempts: Attempt[] = [];
  const onSocket = (message: unknown) => {
    (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string, port: number) => attempts.push({ ip, port }));
  };
  subscribe('net.client.socket', onSocket);
  return {
    attempts,
    forbidden: () => attempts.filter((a) => !isLoopback(a.ip) || a.port === canaryPort || (pinned[a.port] !== undefined && pinned[a.port] !== a.ip)),
    stop: () => unsubscribe('net.client.socket', onSocket),
  };
};
