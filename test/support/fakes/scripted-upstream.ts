import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObservedRequest, UpstreamScript } from '../../../src/testing/contracts/text-generator.contract.js';
import type { ImageUpstreamScript } from '../../../src/testing/contracts/image-generator.contract.js';

/** The contracts' scripts, plus a failure after the first chunks (the provider's in-stream error). */
export type FakeScript = UpstreamScript | ImageUpstreamScript | { kind: 'stream-error'; chunks: string[]; message: string };

export interface FakeUpstream {
  baseUrl: string;
  respondWith(script: FakeScript): void;
  lastRequest(): ObservedRequest;
  /** Every request seen, oldest first, with its method and URL. */
  requests: (ObservedRequest & { method: string; url: string })[];
  close(): Promise<void>;
}

/** Answers one request in a provider's protocol, following the current script. */
export type ProviderHandler = (req: IncomingMessage, res: ServerResponse, script: FakeScript, body: unknown) => void;

/**
 * A node:http server on a loopback port that records each request (body,
 * headers, whether the client went away before the answer ended) and hands
 * the answer to a provider-specific handler.
 */
export const startFakeUpstream = async (handle: ProviderHandler): Promise<FakeUpstream> => {
  let script: FakeScript = { kind: 'text', chunks: ['hello'], usage: { input: 1, output: 1 } };
  const requests: FakeUpstream['requests'] = [];
  const server = createServer(async (req, res) => {
    const raw: Buffer[] = [];
    for await (const chunk of req) raw.push(chunk as Buffer);
    const text = Buffer.concat(raw).toString('utf8');
    const observed = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as unknown) : undefined, aborted: false };
    requests.push(observed);
    res.on('close', () => {
      if (!res.writableFinished) observed.aborted = true;
    });
    handle(req, res, script, observed.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (next) => {
      script = next;
    },
    lastRequest: () => {
      const last = requests.at(-1);
      if (!last) throw new Error('the fake upstream has seen no request');
      return last;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
};
