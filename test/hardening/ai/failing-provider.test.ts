/**
 * A provider that keeps failing before it says anything: 5xx storms and 429s.
 * Retries (maxRetries 2) are spent only while nothing has reached the client,
 * a `Retry-After` is honoured when the policy allows that long, and in the end
 * the client gets one clean error, with no provider text carrying the key.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PROVIDER_KEY } from '../../support/ai-server.js';
import { startHostileAi, type HostileAi } from '../support/hosts.js';
import { PROVIDER_KINDS } from '../support/providers.js';
import { countFaults } from '../support/recorder.js';
import { assertCompleted, assertOneCleanError, ECHOING_THE_KEY, HELLO, NO_RATE_LIMIT, requestsSince } from './ai-faults.js';

const ATTEMPTS = 3; // the first call and maxRetries 2

for (const kind of PROVIDER_KINDS) {
  describe(`ai/${kind.type}: a provider that keeps failing`, { timeout: 60_000 }, () => {
    let ai: HostileAi;
    before(async () => {
      // Retries wait 1–2 ms, but a Retry-After of up to 2 s is honoured.
      ai = await startHostileAi(kind, { ...NO_RATE_LIMIT, retry: { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 2_000 } });
    });
    after(() => ai.close());

    for (const status of [500, 502, 503]) {
      it(`${status} on every attempt: ${ATTEMPTS} upstream calls, then one error event, the key scrubbed from the provider's text`, async () => {
        const since = ai.upstream.requests.length;
        ai.upstream.respondWith({ kind: 'http-error', status, message: ECHOING_THE_KEY });
        const error = assertOneCleanError(await ai.ask(HELLO), 502);
        countFaults(requestsSince(ai.upstream, since).length);
        assert.equal(requestsSince(ai.upstream, since).length, ATTEMPTS);
        assert.match(error.data.message, new RegExp(`${status}.*upstream exploded`));
        assert.match(error.data.message, /\[redacted\]/);
      });
    }

    it('a 5xx storm without streaming: 502 JSON in the service envelope, the key scrubbed', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'http-error', status: 503, message: ECHOING_THE_KEY });
      const answer = await ai.ask({ ...HELLO, metadata: { stream: false } });
      countFaults(requestsSince(ai.upstream, since).length);
      assert.equal(answer.status, 502);
      const body = JSON.parse(answer.text);
      assert.equal(body.success, false);
      assert.equal(body.error.code, 502);
      assert.ok(!answer.text.includes(PROVIDER_KEY));
      assert.equal(requestsSince(ai.upstream, since).length, ATTEMPTS);
    });

    it('a 429 with Retry-After before the first part: the next call waits at least that long, and the answer is whole', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWithSequence([
        { kind: 'http-error', status: 429, message: 'slow down', retryAfterSeconds: 1 },
        { kind: 'text', chunks: ['after', ' the', ' wait'], usage: { input: 1, output: 3 } },
      ]);
      assertCompleted(await ai.ask(HELLO), 'after the wait');
      countFaults(1);
      const [limited, retried] = requestsSince(ai.upstream, since);
      assert.equal(requestsSince(ai.upstream, since).length, 2);
      // A lower bound only: a loaded machine can make the wait longer, never shorter.
      assert.ok(retried!.receivedAt - limited!.receivedAt >= 950, `retried after ${retried!.receivedAt - limited!.receivedAt} ms`);
    });

    it('a 429 asking for longer than maxDelayMs is not waited for: one call, then the error', async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'http-error', status: 429, message: 'come back in an hour', retryAfterSeconds: 3_600 });
      const error = assertOneCleanError(await ai.ask(HELLO), 502);
      countFaults(1);
      assert.equal(requestsSince(ai.upstream, since).length, 1);
      assert.match(error.data.message, /429/);
    });

    it(`a 429 storm ends in an error after ${ATTEMPTS} calls, not a hang`, async () => {
      const since = ai.upstream.requests.length;
      ai.upstream.respondWith({ kind: 'http-error', status: 429, message: 'rate limited', retryAfterSeconds: 0 });
      const error = assertOneCleanError(await ai.ask(HELLO), 502);
      countFaults(requestsSince(ai.upstream, since).length);
      assert.equal(requestsSince(ai.upstream, since).length, ATTEMPTS);
      assert.match(error.data.message, /429/);
    });

    it('keeps serving after the storms', async () => {
      ai.upstream.respondWith({ kind: 'text', chunks: ['calm', ' again'], usage: { input: 1, output: 2 } });
      assertCompleted(await ai.ask(HELLO), 'calm again');
    });
  });
}
