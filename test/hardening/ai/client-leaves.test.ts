/**
 * The client walks away at every stage of a generation: while the provider
 * has not said a byte, right after `created`, between deltas, and while a
 * retry waits out its backoff. Each time the provider call is stopped (no
 * tokens paid for nobody), the stream is closed on the host's books, nothing
 * is left rejecting unhandled, and the next client is served.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { readRecorded, startHostileAi, waitFor, type HostileAi } from '../support/hosts.js';
import { PROVIDER_KINDS } from '../support/providers.js';
import { countFaults } from '../support/recorder.js';
import { assertCompleted, eventually, HELLO, NO_RATE_LIMIT, openStreams, watchUnhandledRejections } from './ai-faults.js';
import { silence, slowlyComplete } from './wire-frames.js';

/** Long enough that a client can be sure to leave inside it (equal jitter: 0.75–1.5 s). */
const BACKOFF_MS = 1_500;

const TEN_WORDS = Array.from({ length: 10 }, (_, i) => `word${i} `);

for (const kind of PROVIDER_KINDS) {
  describe(`ai/${kind.type}: the client leaves`, { timeout: 60_000 }, () => {
    let ai: HostileAi;
    const rejections = watchUnhandledRejections();
    before(async () => {
      ai = await startHostileAi(kind, { ...NO_RATE_LIMIT, retry: { maxRetries: 2, initialDelayMs: BACKOFF_MS, maxDelayMs: BACKOFF_MS } });
    });
    after(async () => {
      rejections.stop();
      await ai.close();
    });

    /** Opens a stream that the test will abandon; the fetch's own rejection on abort is the client's business. */
    const leaveable = async () => {
      const client = new AbortController();
      const response = ai.post(HELLO, client.signal);
      response.catch(() => undefined);
      return { client, response };
    };

    // After every departure: the host still answers the next client, and closed the stream it left.
    afterEach(async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['still', ' here'], usage: { input: 1, output: 2 } });
      assertCompleted(await ai.ask(HELLO), 'still here');
      await eventually('open SSE streams', () => openStreams(ai.server), 0);
    });

    it('before the provider said a byte: the waiting call is aborted', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'raw', answer: silence });
      const { client } = await leaveable();
      await waitFor('the provider called', () => ai.upstream.requests.length > since);
      client.abort();
      countFaults(1);
      await waitFor('the upstream call aborted', () => ai.upstream.requests[since]!.aborted);
    });

    it('right after `created`: the waiting call is aborted', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'raw', answer: silence });
      const { client, response } = await leaveable();
      const seen = await readRecorded(`ai:${kind.type} leaves after created`, await response, (text) => text.includes('event: created'));
      client.abort();
      countFaults(1);
      assert.match(seen, /event: created/);
      await waitFor('the upstream call aborted', () => ai.upstream.requests[since]?.aborted === true);
    });

    it('between deltas: the stream still running upstream is aborted before it ends', async () => {
      const since = ai.upstream.requests.length;
      // Ten words over about three seconds: the abort must come from the host, not from the stream ending.
      ai.upstream.respondWith({ kind: 'raw', answer: slowlyComplete(kind, TEN_WORDS, 300) });
      const { client, response } = await leaveable();
      const seen = await readRecorded(`ai:${kind.type} leaves mid-deltas`, await response, (text) => text.includes('event: text-delta'));
      client.abort();
      countFaults(1);
      assert.ok(!seen.includes('event: completed'));
      await waitFor('the upstream call aborted', () => ai.upstream.requests[since]!.aborted);
    });

    it('while a retry waits out its backoff: no further attempt is made', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWithSequence([
        { kind: 'http-error', status: 503, message: 'overloaded' },
        { kind: 'text', chunks: ['too', ' late'], usage: { input: 1, output: 2 } },
      ]);
      const { client, response } = await leaveable();
      await readRecorded(`ai:${kind.type} leaves during backoff`, await response, (text) => text.includes('event: created'));
      await waitFor('the first attempt answered', () => ai.upstream.requests.length > since);
      // Well inside the shortest backoff (half of BACKOFF_MS) after the 503.
      await new Promise((resolve) => setTimeout(resolve, 200));
      client.abort();
      countFaults(2);
      // Longer than the longest backoff: a retry that ignored the departure would have arrived.
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS + 500));
      assert.equal(ai.upstream.requests.length - since, 1, 'the retry after the client left was still made');
    });

    it('left nothing rejecting unhandled', () => {
      assert.deepEqual(rejections.seen.map(String), []);
    });
  });
}
