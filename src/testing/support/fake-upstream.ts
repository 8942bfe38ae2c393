import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObservedRequest, UpstreamScript } from '../contracts/text-generator.contract.js';

/** One request the fake received. */
export interface RecordedRequest extends ObservedRequest {
  method: string;
  url: string;
  /** `Date.now()` when it arrived: what a check of retry back-off reads. */
  receivedAt: number;
}

/** A fake provider server, with what a `TextGeneratorFixture` needs (`respondWith`, `lastRequest`). */
export interface FakeUpstream<Script = UpstreamScript> {
  /** `http://127.0.0.1:<port>`: point the adapter's base URL at it. */
  baseUrl: string;
  /** What the next requests are answered with, until changed. */
  respondWith(script: Script): void;
  /** One script per request, in order; the last one repeats. */
  respondWithSequence(scripts: Script[]): void;
  lastRequest(): RecordedRequest;
  /** Every request seen, oldest first. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Answers one request in the provider's own wire protocol, following the current script. */
export type UpstreamHandler<Script = UpstreamScript> = (req: IncomingMessage, res: ServerResponse, script: Script, body: unknown) => void;

const DEFAULT_SCRIPT: UpstreamScript = { kind: 'text', chunks: ['hello'], usage: { input: 1, output: 1 } };

/**
 * A node:http server on a loopback port for a provider adapter's tests. It
 * reads and records each request (JSON body, headers, and whether the client
 * went away before the answer ended: what the contract's abort check reads)
 * and hands the answer to `handle`, which speaks the provider's protocol.
 */
export const startFakeUpstream = async <Script = UpstreamScript>(
  handle: UpstreamHandler<Script>,
  initial: Script = DEFAULT_SCRIPT as Script,
): Promise<FakeUpstream<Script>> => {
  let scripts = [initial];
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const receivedAt = Date.now();
    const raw: Buffer[] = [];
    for await (const chunk of req) raw.push(chunk as Buffer);
    const text = Buffer.concat(raw).toString('utf8');
    const observed: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as unknown) : undefined, aborted: false, receivedAt };
    requests.push(observed);
    res.on('close', () => {
      if (!res.writableFinished) observed.aborted = true;
    });
    const script = scripts.length > 1 ? scripts.shift()! : scripts[0]!;
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
      if (next.length === 0) throw new Error('a sequence needs at least one script');
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
