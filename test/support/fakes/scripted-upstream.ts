import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObservedRequest, UpstreamScript } from '../../../src/testing/contracts/text-generator.contract.js';
import type { ImageUpstreamScript } from '../../../src/testing/contracts/image-generator.contract.js';

/** The contracts' scripts, plus a failure after the first chunks (the provider's in-stream error). */
export type FakeScript = UpstreamScript | ImageUpstreamScript | { kind: 'stream-error'; chunks: string[]; message: string } | HostileScript;

/** Fault injection: `raw` answers however it likes; `drop` streams like a stall, then cuts the connection. */
export type HostileScript =
  | { kind: 'raw'; answer: (req: IncomingMessage, res: ServerResponse) => void }
  | { kind: 'drop'; chunks: string[]; afterMs?: number };

export interface FakeUpstream {
  baseUrl: string;
  respondWith(script: FakeScript): void;
  /** One script per request, in order; the last repeats. */
  respondWithSequence(scripts: FakeScript[]): void;
  lastRequest(): ObservedRequest;
  /** Every request seen, oldest first, with its method, URL and arrival time (`Date.now()`). */
  requests: (ObservedRequest & { method: string; url: string; receivedAt: number })[];
  close(): Promise<void>;
}

/** Answers one request in a provider's protocol, following the current script. */
export type ProviderHandler = (req: IncomingMessage, res: ServerResponse, script: Exclude<FakeScript, HostileScript>, body: unknown) => void;

/**
 * A node:http server on a loopback port that records each request (body,
 * headers, whether the client went away before the answer ended) and hands
 * the answer to a provider-specific handler.
 */
export const startFakeUpstream = async (handle: ProviderHandler): Promise<FakeUpstream> => {
  let scripts: FakeScript[] = [{ kind: 'text', chunks: ['hello'], usage: { input: 1, output: 1 } }];
  const requests: FakeUpstream['requests'] = [];
  const server = createServer(async (req, res) => {
    const receivedAt = Date.now();
    const raw: Buffer[] = [];
    for await (const chunk of req) raw.push(chunk as Buffer);
    const text = Buffer.concat(raw).toString('utf8');
    const observed = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as unknown) : undefined, aborted: false, receivedAt };
    requests.push(observed);
    const script = scripts.length > 1 ? scripts.shift()! : scripts[0]!;
    res.on('close', () => {
      if (!res.writableFinished) observed.aborted = true;
    });
    if (script.kind === 'raw') return script.answer(req, res);
    if (script.kind === 'drop') {
      handle(req, res, { kind: 'stall', chunks: script.chunks }, observed.body);
      setTimeout(() => res.destroy(), script.afterMs ?? 20);
      return;
    }
    handle(req, res, script, observed.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (next) => {
      scripts = [next];
    },
    respondWithSequence: (next) => {
      scripts = [...next];
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
