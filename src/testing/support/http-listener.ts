import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listener {
  url: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** A plain HTTP server on a loopback address that records every request it gets. */
export const startListener = async (
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<Listener> => {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
