/**
 * Redis that accepts connections but does not answer (a partition, a
 * stalled or overloaded server) or answers later than the limiter waits:
 * each check must give up after the limiter's `timeoutMs` and answer per
 * `failOpen`, `/ready` must say not ready within its own timeout, and when
 * Redis answers again counting resumes with one outage and one recovery
 * line per limiter.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { within } from '../../support/redis-server.js';
import { eventually } from '../support/disk.js';
import { countFaults } from '../support/recorder.js';
import { assertDegraded, limiterTransitions, logMark } from './degraded.js';
import { COMMAND_TIMEOUT_MS, newClientKey, startLimitedHost, type LimitedHost } from './limited-host.js';
import { REDIS_PASSWORD, type Answer } from './redis-host.js';

const WHERE = 'redis/rate-limit';
const MAX = 1_000;
/** Far above the limiter's 300 ms and /ready's 1 s: a bound against hanging, not a speed check (2 CPUs, parallel runs). */
const NO_HANG_MS = 10_000;

const isCounted = (answer: Answer) => answer.headers.get('x-ratelimit-limit') !== null;

const faults = [
  { name: 'blackholed (connections kept, nothing answered)', inject: (service: LimitedHost) => service.path.proxy.blackhole() },
  { name: `slow (every reply ${COMMAND_TIMEOUT_MS * 4} ms late)`, inject: (service: LimitedHost) => service.path.proxy.latency(COMMAND_TIMEOUT_MS * 4) },
];

for (const fault of faults) {
  for (const failOpen of [true, false]) {
    describe(`redis/ ${fault.name} (failOpen: ${failOpen})`, () => {
      let service: LimitedHost;
      let mark: number;
      const client = newClientKey();
      /** Answers to `client` that carried true numbers: what Redis may hold for it, and all it may hold. */
      let countedAnswers = 0;
      const askAi = async () => {
        const answer = await within(NO_HANG_MS, service.ai(client));
        if (isCounted(answer)) countedAnswers += 1;
        return answer;
      };
      before(async () => {
        service = await startLimitedHost(WHERE, failOpen, 'pass', MAX);
        await eventually(async () => isCounted(await askAi()) && isCounted(await service.files('192.0.2.7')), 'both limiters count');
        mark = logMark();
        countFaults();
        fault.inject(service);
      });
      after(() => service.close());

      it('each request gives up on Redis and answers per failOpen, none hangs', async () => {
        for (let i = 0; i < 4; i += 1) {
          assertDegraded(await askAi(), failOpen, 'ai', `AI request ${i}`);
          assertDegraded(await within(NO_HANG_MS, service.files('192.0.2.7')), failOpen, 'files', `file request ${i}`);
        }
      });

      it('/ready answers 503 within its own timeout, naming no password', async () => {
        const ready = await within(NO_HANG_MS, service.ready());
        assert.equal(ready.status, 503);
        assert.equal(ready.body.checks.redis.ok, false);
        assert.ok(!JSON.stringify(ready.body).includes(REDIS_PASSWORD));
      });

      it('counts again once Redis answers, logging one outage and one recovery per limiter', async () => {
        await service.path.proxy.heal();
        // A check sent while late replies still queue ahead of its own would time out after Redis counted it in time: another fault, not this one.
        await service.path.proxy.drained();
        await eventually(async () => isCounted(await askAi()) && isCounted(await service.files('192.0.2.7')), 'both limiters count again');
        assert.equal((await service.ready()).status, 200);
        assert.deepEqual(limiterTransitions(mark, WHERE), ['ai:down', 'ai:up', 'files:down', 'files:up']);
      });

      it('the checks the limiter gave up on do not count when Redis runs them late', async () => {
        // The held or delayed EVALSHAs reach Redis after the heal; a degraded answer (a refusal with failOpen false) must not cost the client budget.
        await eventually(async () => (await service.countedFor({ clientKey: client })) >= countedAnswers, 'Redis caught up');
        await new Promise((resolve) => setTimeout(resolve, COMMAND_TIMEOUT_MS * 5)); // any late check still on its way lands meanwhile
        assert.equal(await service.countedFor({ clientKey: client }), countedAnswers);
      });
    });
  }
}
