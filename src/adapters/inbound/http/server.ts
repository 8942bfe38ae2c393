import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';

export interface RunningServer {
  server: Server;
  url: string;
  /** Stops accepting, lets open requests (streams included) finish until the deadline, then closes the rest. */
  close(graceMs?: number): Promise<void>;
}

export const listen = (app: Express, host: string, port: number, logger?: Logger): Promise<RunningServer> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    let closing = false;
    // While closing, a kept-alive connection is let go as soon as its response ends,
    // instead of idling until keepAliveTimeout keeps the process alive for nothing.
    server.on('request', (_req, res) => {
      if (closing) res.setHeader('Connection', 'close');
      res.once('close', () => {
        if (closing) server.closeIdleConnections();
      });
    });
    server.on('request', app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const url = `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`;
      resolve({
        server,
        url,
        close: (graceMs = 10_000) =>
          new Promise<void>((done) => {
            closing = true;
            const deadline = setTimeout(() => {
              logger?.warn({ graceMs }, 'shutdown deadline reached, closing open connections');
              server.closeAllConnections();
            }, graceMs);
            deadline.unref();
            server.close(() => {
              clearTimeout(deadline);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
