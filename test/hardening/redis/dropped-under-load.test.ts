/**
 * Redis going away while requests are in flight (a failover, a restart, a
 * network blip): no request may hang, none may be a 500, each answer is a
 * counted 200 or the degraded answer `failOpen` asks for, and once Redis is
 * back the limiters count again with one outage and one recovery line each.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../support/disk.js';
import { countFaults } from '../support/recorder.js';
import { scale } from '../support/scale.js';
import { assertCounted, assertDegraded, limiterTransitions, logMark } from './degraded.js';
import { newClientKey, startLimitedHost, type LimitedHost } from './limited-host.js';
import type { Answer } from './redis-host.js';

const WHERE = 'redis/rate-limit';
const REQUESTS = scale(50, 500);
/** High enough that every request of the load is under the limit: a 429 can only be the degraded one. */
const MAX = REQUESTS * 4;

const isCounted = (answer: Answer) => answer.headers.get('x-ratelimit-limit') !== null;

for (const failOpen of [true, false]) {
  describe(`redis/ dropped with ${REQUESTS} requests in flight (failOpen: ${failOpen})`, () => {
    let service: LimitedHost;
    let mark: number;
    const client = newClientKey();
    const answers: { service: 'ai' | 'files'; answer: Answer }[] = [];
    before(async () => {
      service = await startLimitedHost(WHERE, failOpen, 'pass', MAX);
      // Counting before the load starts, so the cut interrupts a working limiter.
      await eventually(async () => isCounted(await service.ai(client)) && isCounted(await service.files('203.0.113.9')), 'both limiters count');
      mark = logMark();
    });
    after(() => service.close());

    it('every request answers (no hang), none is a 5xx, each is counted or degraded per failOpen', async () => {
      let answered = 0;
      const load = Array.from({ length: REQUESTS }, async (_, i) => {
        const which = i % 2 === 0 ? 'ai' : 'files';
        const answer = which === 'ai' ? await service.ai(client) : await service.files('203.0.113.9');
        answered += 1;
        answers.push({ service: which, answer });
      });
      await eventually(async () => answered >= REQUESTS / 4, 'a quarter of the load answered');
      countFaults();
      await service.path.proxy.cut();
      await Promise.all(load);

      for (const [i, { service: which, answer }] of answers.entries()) {
        assert.ok(answer.status < 500, `answer ${i} (${which}) is ${answer.status}: ${JSON.stringify(answer.body)}`);
        assert.equal(typeof answer.body, 'object', `answer ${i} (${which}) is JSON`);
        if (isCounted(answer)) assertCounted(answer, MAX, `answer ${i} (${which})`);
        else assertDegraded(answer, failOpen, which, `answer ${i} (${which})`);
      }
      // Both outcomes seen: the cut did land in the middle of the load.
      assert.ok(answers.some(({ answer }) => isCounted(answer)), 'some answers counted before the cut');
      assert.ok(answers.some(({ answer }) => !isCounted(answer)), 'some answers degraded after the cut');
    });

    it('counts again once Redis is back; Redis holds no more than was asked, no fewer than was counted', async () => {
      await service.path.proxy.heal();
      await eventually(async () => isCounted(await service.ai(client)) && isCounted(await service.files('203.0.113.10')), 'both limiters count again');
      assert.equal((await service.ready()).status, 200);
      const aiAnswers = answers.filter((seen) => seen.service === 'ai');
      const stored = await service.countedFor({ clientKey: client });
      const countedAnswers = aiAnswers.filter(({ answer }) => isCounted(answer)).length;
      // A check whose reply the cut swallowed may have counted in Redis and still been answered degraded; nothing else may.
      assert.ok(stored >= countedAnswers + 1, `Redis holds ${stored}, the service answered ${countedAnswers} counted`);
      assert.ok(stored <= aiAnswers.length + 2, `Redis holds ${stored} for ${aiAnswers.length + 2} requests`);
    });

    it('logged one outage and one recovery per limiter, not one per request', () => {
      assert.deepEqual(limiterTransitions(mark, WHERE), ['ai:down', 'ai:up', 'files:down', 'files:up']);
    });
  });
}
