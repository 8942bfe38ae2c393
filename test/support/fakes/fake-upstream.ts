import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObservedRequest, UpstreamScript } from '../../../src/testing/contracts/text-generator.contract.js';

/** Everything a fake provider can be told to answer, beyond the contract's scripts. */
export type FakeScript =
  | UpstreamScript
  /** Streams the chunks, then breaks off with an error event in the protocol's own way. */
  | { kind: 'fail-mid-stream'; chunks: string[]; message: string }
  | { kind: 'image'; images: Array<{ b64_json: string } | { url: string }> }
  | HostileScript;

/**
 * Answers no well-behaved provider gives, for fault-injection tests: `raw`
 * writes whatever it likes (a stall after the headers, malformed chunks),
 * `drop` streams the first chunks as a stall would, then cuts the connection.
 */
export type HostileScript =
  | { kind: 'raw'; answer: (req: IncomingMessage, res: ServerResponse, body: unknown) => void }
  | { kind: 'drop'; chunks: string[]; afterMs?: number };

export interface RecordedRequest extends ObservedRequest {
  path: string;
  /** `Date.now()` when the request arrived: retry spacing is read from these. */
  receivedAt: number;
}

export type ScriptHandler = (script: Exclude<FakeScript, HostileScript>, req: IncomingMessage, res: ServerResponse, body: any) => void;

/**
 * A local HTTP server that answers each request with the next script (the
 * last one repeats), records what it received, and notices a client that
 * goes away before the answer is complete.
 */
export class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  private scripts: FakeScript[] = [{ kind: 'text', chunks: ['Hello', ' world'], usage: { input: 1, output: 2 } }];
  private readonly open = new Set<ServerResponse>();
  private server?: Server;
  url = '';

  constructor(private readonly handle: ScriptHandler) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.receive(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  respondWith(script: FakeScript): void {
    this.scripts = [script];
  }

  /** One script per request, in order; the last repeats. */
  respondWithSequence(scripts: FakeScript[]): void {
    this.scripts = [...scripts];
  }

  lastRequest(): RecordedRequest {
    const last = this.requests.at(-1);
    if (!last) throw new Error('the fake upstream has received no request');
    return last;
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const record: RecordedRequest = { path: req.url ?? '', body: text ? JSON.parse(text) : undefined, headers: { ...req.headers }, aborted: false, receivedAt };
    this.requests.push(record);
    this.open.add(res);
    res.on('close', () => {
      this.open.delete(res);
      if (!res.writableFinished) record.aborted = true;
    });
    const script = this.scripts.length > 1 ? this.scripts.shift()! : this.scripts[0]!;
    if (script.kind === 'raw') return script.answer(req, res, record.body);
    if (script.kind === 'drop') {
      this.handle({ kind: 'stall', chunks: script.chunks }, req, res, record.body);
      setTimeout(() => res.destroy(), script.afterMs ?? 20);
      return;
    }
    this.handle(script, req, res, record.body);
  }
}

/** The JSON error body OpenAI-style APIs send, with `retry-after` when asked. */
export const sendOpenAiError = (res: ServerResponse, status: number, message: string, retryAfterSeconds?: number): void => {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) }),
  });
  res.end(JSON.stringify({ error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } }));
};

export const startEventStream = (res: ServerResponse): void => {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
};
