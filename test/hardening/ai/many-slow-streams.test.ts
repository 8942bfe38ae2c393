/**
 * Many streams at once while the provider is slow: each client must get its
 * own deltas, every one, in order, and nothing of another stream; the host's
 * memory must grow with the number of open streams, not with what has gone
 * through them (it relays, it does not collect).
 */
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, before, describe, it } from 'node:test';
import { parseJoditEvents } from '../../support/jodit-sse.js';
import { readRecorded, startHostileAi, type HostileAi } from '../support/hosts.js';
import { PROVIDER_KINDS } from '../support/providers.js';
import { scale } from '../support/scale.js';
import { eventually, NO_RATE_LIMIT, openStreams } from './ai-faults.js';
import { slowlyComplete } from './wire-frames.js';

const STREAMS = scale(50, 1000);
const PARTS = 12;
/** Slow enough that all the streams overlap, however long starting them takes. */
const GAP_MS = scale(250, 1_000);
/** Far above what a relayed stream costs (tens of kB, client and fake provider included), far below a buffered one over many parts. */
const MAX_HEAP_PER_STREAM = 512 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapAfterGc = (): number => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const partsOf = (id: number): string[] => Array.from({ length: PARTS }, (_, k) => `[s${id}:p${k}]`);
const idIn = (body: unknown): number => Number(/stream-(\d+)/.exec(JSON.stringify(body))?.[1] ?? -1);

for (const kind of PROVIDER_KINDS) {
  describe(`ai/${kind.type}: ${STREAMS} streams at once from a slow provider`, { timeout: 180_000 }, () => {
    let ai: HostileAi;
    before(async () => {
      ai = await startHostileAi(kind, NO_RATE_LIMIT);
    });
    after(() => ai.close());

    it('each stream gets exactly its own deltas in order and completes; the heap grows with open streams only', async (t) => {
      ai.upstream.respondWith({ kind: 'raw', answer: slowlyComplete(kind, (body) => partsOf(idIn(body)), GAP_MS) });
      // One stream first, so the SDK's first-use costs (modules, clients) are not counted per stream.
      await readRecorded(`ai:${kind.type} warm-up`, await ai.post({ mode: 'full', messages: [{ role: 'user', content: 'stream-0' }], tools: [] }));
      const baseline = heapAfterGc();
      let peak = 0;
      let open = 0;
      let openAtPeak = 0;
      const one = async (id: number) => {
        const context = { mode: 'full', messages: [{ role: 'user', content: `stream-${id}` }], tools: [] };
        const response = await ai.post(context);
        open += 1;
        // The heap is sampled once, the moment every stream is open at the same time.
        if (open === STREAMS) {
          peak = heapAfterGc();
          openAtPeak = open;
        }
        const text = await readRecorded(`ai:${kind.type} slow stream`, response);
        open -= 1;
        return { id, events: parseJoditEvents(text) };
      };
      const results = await Promise.all(Array.from({ length: STREAMS }, (_, id) => one(id)));
      const wrong = results.filter(({ id, events }) => {
        const names = events.map((event) => event.event);
        const deltas = events.filter((event) => event.event === 'text-delta').map((event) => event.data.delta as string);
        const completed = events.at(-1);
        return (
          names[0] !== 'created' ||
          completed?.event !== 'completed' ||
          deltas.join('') !== partsOf(id).join('') ||
          completed.data.response.content !== partsOf(id).join('') ||
          names.includes('error')
        );
      });
      assert.deepEqual(wrong.map(({ id, events }) => `stream ${id}: ${events.map((event) => event.event).join(',')}`).slice(0, 5), []);
      assert.ok(peak > 0, 'every stream was open at the same moment, and the heap was sampled then');
      const perStream = Math.max(0, peak - baseline) / openAtPeak;
      t.diagnostic(`${kind.type}: ${openAtPeak} streams open, heap +${Math.round((peak - baseline) / 1024 / 1024)} MB (${Math.round(perStream / 1024)} kB a stream, client and fake provider included)`);
      assert.ok(perStream < MAX_HEAP_PER_STREAM, `${Math.round(perStream / 1024)} kB a stream`);
      await eventually('open SSE streams', () => openStreams(ai.server), 0);
    });
  });
}
