import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the service and a backend (a private redis-server),
 * to break the network path the way production breaks it:
 *
 * - `cut()`: every open connection is destroyed and the port refuses new
 *   ones (ECONNREFUSED), as when Redis dies or restarts;
 * - `blackhole()`: connections are accepted and kept, but nothing goes
 *   through in either direction, as behind a partition or a stalled Redis.
 *   Bytes are held, not dropped, so after `heal()` both sides still speak
 *   the same protocol (a client that gave up on a reply gets it late);
 * - `latency(ms)`: every chunk is delayed by `ms` in each direction;
 * - `heal()`: back to passing through (held bytes are delivered first).
 */
export interface TcpProxy {
  port: number;
  readonly mode: ProxyMode;
  /** Connections accepted since the start (each one a client's connect or reconnect). */
  readonly accepted: number;
  cut(): Promise<void>;
  blackhole(): void;
  latency(ms: number): void;
  heal(): Promise<void>;
  /** Resolves once no chunk is held or delayed any more (after `heal`, the late bytes have all gone through). */
  drained(): Promise<void>;
  close(): Promise<void>;
}

export type ProxyMode = 'pass' | 'cut' | 'blackhole' | 'latency';

type Direction = 'toBackend' | 'toClient';

interface Link {
  client: Socket;
  backend?: Socket;
  /** Chunks not yet written, per direction, in order, each with the time it may go (latency); a blackhole holds them all. */
  queue: Record<Direction, { chunk: Buffer; due: number }[]>;
  timer: Record<Direction, NodeJS.Timeout | undefined>;
}

const listenOn = (server: Server, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });

export const startTcpProxy = async (backendPort: number, initial: 'pass' | 'cut' = 'pass'): Promise<TcpProxy> => {
  let mode: ProxyMode = 'pass';
  let delayMs = 0;
  let accepted = 0;
  const links = new Set<Link>();

  // One queue per direction, so a chunk never overtakes an earlier one when the mode changes.
  const pump = (link: Link, direction: Direction): void => {
    clearTimeout(link.timer[direction]);
    link.timer[direction] = undefined;
    const target = direction === 'toBackend' ? link.backend : link.client;
    const queue = link.queue[direction];
    if (!target || target.connecting || mode === 'blackhole') return;
    while (queue.length && queue[0]!.due <= Date.now()) target.write(queue.shift()!.chunk);
    if (queue.length) link.timer[direction] = setTimeout(() => pump(link, direction), queue[0]!.due - Date.now());
  };

  const forward = (link: Link, direction: Direction, chunk: Buffer): void => {
    link.queue[direction].push({ chunk, due: Date.now() + (mode === 'latency' ? delayMs : 0) });
    pump(link, direction);
  };

  const release = (link: Link): void => {
    pump(link, 'toBackend');
    pump(link, 'toClient');
  };

  const openBackend = (link: Link): void => {
    const backend = connect(backendPort, '127.0.0.1');
    link.backend = backend;
    backend.on('data', (chunk: Buffer) => forward(link, 'toClient', chunk));
    backend.on('connect', () => release(link));
    backend.on('error', () => link.client.destroy());
    backend.on('close', () => link.client.destroy());
  };

  const server = createServer((client) => {
    accepted += 1;
    const link: Link = { client, queue: { toBackend: [], toClient: [] }, timer: { toBackend: undefined, toClient: undefined } };
    links.add(link);
    client.on('data', (chunk: Buffer) => forward(link, 'toBackend', chunk));
    client.on('error', () => link.backend?.destroy());
    client.on('close', () => {
      link.backend?.destroy();
      clearTimeout(link.timer.toBackend);
      clearTimeout(link.timer.toClient);
      links.delete(link);
    });
    // Blackholed: the client thinks it is connected, the backend never hears of it.
    if (mode !== 'blackhole') openBackend(link);
  });

  const destroyAll = (): void => {
    for (const link of links) {
      link.client.destroy();
      link.backend?.destroy();
    }
    links.clear();
  };

  const port = await listenOn(server, 0);
  // close() stops listening at once but calls back only when every connection is gone: destroy them in between.
  const refuseAndDrop = async (): Promise<void> => {
    mode = 'cut';
    const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    destroyAll();
    await closed;
  };
  const cut = refuseAndDrop;
  if (initial === 'cut') await cut();

  return {
    port,
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    cut,
    blackhole: () => {
      mode = 'blackhole';
    },
    latency: (ms) => {
      mode = 'latency';
      delayMs = ms;
    },
    heal: async () => {
      const wasCut = mode === 'cut';
      mode = 'pass';
      if (wasCut || !server.listening) await listenOn(server, port);
      for (const link of links) {
        if (!link.backend) openBackend(link);
        else release(link);
      }
    },
    drained: async () => {
      const pending = () => [...links].some((link) => link.queue.toBackend.length > 0 || link.queue.toClient.length > 0);
      while (pending()) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    close: refuseAndDrop,
  };
};
