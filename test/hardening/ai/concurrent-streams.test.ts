/**
 * Many streams at once through one provider, every fifth client walking away
 * after its first delta: the others must each get their whole answer, the
 * abandoned provider calls must be stopped, and the host's count of open
 * streams must come back to zero.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseJoditEvents } from '../../support/jodit-sse.js';
import { readRecorded, startHostileAi, waitFor, type HostileAi } from '../support/hosts.js';
import { PROVIDER_KINDS } from '../support/providers.js';
import { countFaults } from '../support/recorder.js';
import { scale } from '../support/scale.js';
import { eventually, HELLO, NO_RATE_LIMIT, openStreams } from './ai-faults.js';
import { slowlyComplete } from './wire-frames.js';

const STREAMS = scale(20, 100);
const LEAVES = (i: number): boolean => i % 5 === 4;
const WORDS = ['Every', ' client', ' gets', ' its', ' whole', ' answer.'];

type Outcome = { left: true } | { left: false; completed: string | undefined; errors: number };

for (const kind of PROVIDER_KINDS) {
  describe(`ai/${kind.type}: ${STREAMS} streams at once, some clients leaving`, { timeout: 60_000 }, () => {
    let ai: HostileAi;
    before(async () => {
      ai = await startHostileAi(kind, NO_RATE_LIMIT);
    });
    after(() => ai.close());

    const one = async (i: number): Promise<Outcome> => {
      const client = new AbortController();
      const response = await ai.post(HELLO, client.signal);
      if (LEAVES(i)) {
        await readRecorded(`ai:${kind.type} concurrent leaver`, response, (text) => text.includes('event: text-delta'));
        client.abort();
        return { left: true };
      }
      const events = parseJoditEvents(await readRecorded(`ai:${kind.type} concurrent stream`, response));
      const completed = events.find((event) => event.event === 'completed');
      return { left: false, completed: completed?.data.response.content, errors: events.filter((event) => event.event === 'error').length };
    };

    it('the clients that stay get the whole text; the calls of those who left are aborted; no stream stays open', async () => {
      const since = ai.upstream.requests.length;
      // Slow enough that the leavers are gone well before their provider call ends.
      ai.upstream.respondWith({ kind: 'raw', answer: slowlyComplete(kind, WORDS, 150) });
      const outcomes = await Promise.all(Array.from({ length: STREAMS }, (_, i) => one(i)));
      const leavers = outcomes.filter((outcome) => outcome.left).length;
      countFaults(leavers);
      const stayed = outcomes.filter((outcome): outcome is Extract<Outcome, { left: false }> => !outcome.left);
      assert.equal(stayed.length, STREAMS - leavers);
      assert.deepEqual(
        stayed.filter((outcome) => outcome.completed !== WORDS.join('') || outcome.errors > 0),
        [],
        'every client that stayed completed with the full text',
      );
      assert.equal(ai.upstream.requests.length - since, STREAMS, 'one provider call per stream, none retried');
      const aborted = () => ai.upstream.requests.slice(since).filter((request) => request.aborted).length;
      await waitFor(`${leavers} abandoned calls aborted`, () => aborted() === leavers, 10_000);
      await eventually('open SSE streams', () => openStreams(ai.server), 0);
    });
  });
}
