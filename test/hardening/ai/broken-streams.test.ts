/**
 * A provider whose stream goes wrong: it stalls (before its first byte or in
 * the middle), its connection drops, it sends garbage, or it ends cleanly but
 * without the frame that says the answer is whole. Each is an `error` event,
 * never a `completed` answer; a stalled call is aborted upstream; nothing is
 * retried once text has reached the client.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHostileAi, waitFor, type HostileAi } from '../support/hosts.js';
import { PROVIDER_KINDS } from '../support/providers.js';
import { countFaults } from '../support/recorder.js';
import { assertCompleted, assertOneCleanError, HELLO, NO_RATE_LIMIT, requestsSince } from './ai-faults.js';
import { cutOffBeforeTheEnd, silence } from './wire-frames.js';

/** Short, so a stall is noticed quickly; long enough for a loaded machine to finish a healthy answer. */
const TIMEOUT_MS = 1_000;

const deltas = (answer: { events: { event: string; data: any }[] }): string =>
  answer.events
    .filter((event) => event.event === 'text-delta')
    .map((event) => event.data.delta)
    .join('');

for (const kind of PROVIDER_KINDS) {
  describe(`ai/${kind.type}: a stream that goes wrong`, { timeout: 60_000 }, () => {
    let ai: HostileAi;
    before(async () => {
      ai = await startHostileAi(kind, { ...NO_RATE_LIMIT, requestTimeoutMs: TIMEOUT_MS });
    });
    after(() => ai.close());

    it('a provider silent before its first byte: the request timeout fires, the client gets a 504 error event, the call is aborted', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'raw', answer: silence });
      countFaults(1);
      const error = assertOneCleanError(await ai.ask(HELLO), 504);
      assert.match(error.data.message, new RegExp(`did not finish within ${TIMEOUT_MS} ms`));
      // A timeout is not retried: the deadline covers every attempt.
      assert.equal(requestsSince(ai.upstream, since).length, 1);
      await waitFor('the stalled upstream call aborted', () => ai.upstream.requests[since]!.aborted);
    });

    it('a provider that stalls mid-stream: the text so far, then a 504 error event, and the call is aborted', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'stall', chunks: ['Starting'] });
      countFaults(1);
      const answer = await ai.ask(HELLO);
      assertOneCleanError(answer, 504);
      assert.equal(deltas(answer), 'Starting');
      await waitFor('the stalled upstream call aborted', () => ai.upstream.requests[since]!.aborted);
    });

    it('a connection dropped mid-stream: an error event, not completed, and no retry once text went out', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'drop', chunks: ['Half an'], afterMs: 50 });
      countFaults(1);
      const answer = await ai.ask(HELLO);
      assertOneCleanError(answer, 502);
      assert.equal(deltas(answer), 'Half an');
      assert.equal(requestsSince(ai.upstream, since).length, 1, 'a retry would repeat the text the client already has');
    });

    it('a connection dropped before the first byte is retried, and the retry answers', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWithSequence([
        { kind: 'raw', answer: (_req, res) => res.destroy() },
        { kind: 'text', chunks: ['second', ' try'], usage: { input: 1, output: 2 } },
      ]);
      countFaults(1);
      assertCompleted(await ai.ask(HELLO), 'second try');
      assert.equal(requestsSince(ai.upstream, since).length, 2);
    });

    it('a malformed stream: an error event, not completed, no HTML, no stack', async () => {
      ai.upstream.respondWith({ kind: 'raw', answer: kind.malformed });
      countFaults(1);
      assertOneCleanError(await ai.ask(HELLO), 502);
    });

    it('a stream that ends cleanly without its terminal frame is an error, not a completed answer', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'raw', answer: cutOffBeforeTheEnd(kind, ['Half', ' an', ' answer']) });
      countFaults(1);
      const answer = await ai.ask(HELLO);
      const error = assertOneCleanError(answer, 502);
      assert.equal(deltas(answer), 'Half an answer');
      assert.match(error.data.message, /before the response was complete/);
      assert.equal(requestsSince(ai.upstream, since).length, 1);
    });

    it('the same answer with its terminal frame completes: the cut-off case fails for the missing frame alone', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['Half', ' an', ' answer'], usage: { input: 1, output: 3 } });
      assertCompleted(await ai.ask(HELLO), 'Half an answer');
    });
  });
}
