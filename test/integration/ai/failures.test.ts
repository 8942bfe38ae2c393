import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { REDACTED_PATHS } from '../../../src/composition/logger.js';
import { CLIENT_KEY, OPENAI_PROVIDER_TYPES, PROVIDER_KEY, startAiServer, type AiTestServer } from '../../support/ai-server.js';
import { parseJoditEvents, readJoditEvents } from '../../support/jodit-sse.js';

const hello = { mode: 'full', messages: [{ role: 'user', content: 'Hello' }], tools: [] };

const waitUntil = async (predicate: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(predicate(), 'condition never became true');
};

for (const { type, start } of OPENAI_PROVIDER_TYPES) {
  describe(`AI request failures through a "${type}" provider`, () => {
    let ai: AiTestServer;
    const logLines: string[] = [];
    before(async () => {
      const sink = new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      ai = await startAiServer(type, start, { requestTimeoutMs: 5_000 }, { logger: pino({ level: 'debug', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink) });
    });
    after(() => ai.close());

    it('retries a 503 before anything was streamed: two failures then success is three upstream calls', async () => {
      const before = ai.upstream.requests.length;
      ai.upstream.respondWithSequence([
        { kind: 'http-error', status: 503, message: 'overloaded' },
        { kind: 'http-error', status: 503, message: 'overloaded' },
        { kind: 'text', chunks: ['third', ' time'], usage: { input: 1, output: 2 } },
      ]);
      const events = parseJoditEvents(await (await ai.request(hello)).text());
      assert.equal(events.at(-1)!.data.response.content, 'third time');
      assert.equal(ai.upstream.requests.length - before, 3);
    });

    it('gives up after maxRetries and reports the failure as an error event on a 200 stream', async () => {
      const before = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'http-error', status: 500, message: 'still broken' });
      const response = await ai.request(hello);
      assert.equal(response.status, 200);
      const events = parseJoditEvents(await response.text());
      assert.deepEqual(events.map((e) => e.event), ['created', 'error']);
      const error = events[1]!.data;
      assert.match(error.error.message, /500/);
      assert.equal(error.message, error.error.message);
      assert.match(error.responseId, /^error_/);
      assert.equal(ai.upstream.requests.length - before, 3);
    });

    it('does not retry a 400', async () => {
      const before = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'http-error', status: 400, message: 'model not found' });
      const events = parseJoditEvents(await (await ai.request(hello)).text());
      assert.equal(events.at(-1)!.event, 'error');
      assert.match(events.at(-1)!.data.message, /model not found/);
      assert.equal(ai.upstream.requests.length - before, 1);
    });

    it('turns a failure after text has streamed into an error event, never an empty completed, and does not retry', async () => {
      const before = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'fail-mid-stream', chunks: ['Half', ' a'], message: 'upstream fell over' });
      const events = parseJoditEvents(await (await ai.request(hello)).text());
      assert.deepEqual(events.map((e) => e.event), ['created', 'text-delta', 'text-delta', 'error']);
      assert.match(events.at(-1)!.data.error.message, /upstream fell over/);
      assert.equal(ai.upstream.requests.length - before, 1);
    });

    it('answers 502 with the error body in non-stream mode', async () => {
      ai.upstream.respondWith({ kind: 'http-error', status: 400, message: 'bad things' });
      const response = await ai.request({ ...hello, metadata: { stream: false } });
      assert.equal(response.status, 502);
      const body = (await response.json()) as any;
      assert.equal(body.success, false);
      assert.equal(body.error.code, 502);
      assert.match(body.error.message, /bad things/);
    });

    it('times out a stalled provider: 504 in non-stream mode, an error event when streaming, and aborts the upstream call', async () => {
      ai.upstream.respondWith({ kind: 'stall', chunks: ['Starting'] });
      const response = await ai.request({ ...hello, metadata: { stream: false }, conversationOptions: { timeoutMs: 150 } });
      assert.equal(response.status, 504);
      assert.equal(((await response.json()) as any).error.code, 504);
      await waitUntil(() => ai.upstream.lastRequest().aborted);

      const events = parseJoditEvents(await (await ai.request({ ...hello, conversationOptions: { timeoutMs: 150 } })).text());
      assert.deepEqual(events.map((e) => e.event), ['created', 'text-delta', 'error']);
      assert.match(events.at(-1)!.data.message, /did not finish within 150 ms/);
    });

    it('aborts the upstream call as soon as the client disconnects', async () => {
      ai.upstream.respondWith({ kind: 'stall', chunks: ['Streaming', '...'] });
      const client = new AbortController();
      const response = await ai.request(hello, { signal: client.signal });
      const events = readJoditEvents(response);
      for await (const event of events) if (event.event === 'text-delta') break;
      const upstreamCall = ai.upstream.lastRequest();
      assert.equal(upstreamCall.aborted, false);
      client.abort();
      await waitUntil(() => upstreamCall.aborted);
    });

    it('never shows the provider key in a response or a log line, even when the provider echoes it', async () => {
      ai.upstream.respondWith({ kind: 'http-error', status: 400, message: `Invalid parameter for key ${PROVIDER_KEY}` });
      const streamed = await (await ai.request(hello)).text();
      ai.upstream.respondWith({ kind: 'http-error', status: 401, message: `Incorrect API key provided: ${PROVIDER_KEY.slice(0, 6)}****${PROVIDER_KEY.slice(-4)}` });
      const unauthorised = await (await ai.request({ ...hello, metadata: { stream: false } })).text();
      const providers = await (await fetch(`${ai.server.url}/ai/providers`, { headers: { 'x-api-key': '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' } })).text();
      const clientKeyed = await (await ai.request(hello, { headers: { 'x-provider-key': 'sk-client-secret-9876' } })).text();
      const byQueryKey = await fetch(`${ai.server.url}/ai/providers?key=${CLIENT_KEY}`);
      assert.equal(byQueryKey.status, 200);
      assert.match(streamed, /\[redacted\]/);
      assert.match(unauthorised, /refused the credentials/);
      const everything = [streamed, unauthorised, providers, clientKeyed, ...logLines].join('\n');
      assert.ok(logLines.length > 0);
      assert.ok(!logLines.join('').includes(CLIENT_KEY), 'the client key from ?key= reached the log');
      for (const secret of [PROVIDER_KEY, '****' + PROVIDER_KEY.slice(-4), 'sk-client-secret-9876']) assert.ok(!everything.includes(secret), `leaked ${secret}`);
    });
  });
}
