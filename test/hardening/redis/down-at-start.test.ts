/**
 * Redis unreachable when the service starts (a deploy racing Redis, a wrong
 * network policy): the service must still start and serve per `failOpen`,
 * `/ready` must say it is not ready, and once Redis is reachable the limiters
 * must count again, exactly, with one log line for the outage and one for
 * the recovery per limiter — not one per request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../support/disk.js';
import { countFaults } from '../support/recorder.js';
import { assertCounted, assertDegraded, limiterTransitions, logMark } from './degraded.js';
import { LIMIT, newClientKey, startLimitedHost, type LimitedHost } from './limited-host.js';
import { REDIS_PASSWORD, type Answer } from './redis-host.js';

const WHERE = 'redis/rate-limit';

for (const failOpen of [true, false]) {
  describe(`redis/ down at start, then back (failOpen: ${failOpen})`, () => {
    let service: LimitedHost;
    let mark: number;
    const outageClient = newClientKey();
    const fresh = newClientKey();
    before(async () => {
      mark = logMark();
      countFaults();
      service = await startLimitedHost(WHERE, failOpen, 'cut');
    });
    after(() => service.close());

    it('starts anyway; /ready is 503 naming Redis (without its password)', async () => {
      const ready = await service.ready();
      assert.equal(ready.status, 503);
      assert.equal(ready.body.status, 'degraded');
      assert.equal(ready.body.checks.redis.ok, false);
      assert.match(ready.body.checks.redis.error, /ECONNREFUSED/);
      assert.ok(!JSON.stringify(ready.body).includes(REDIS_PASSWORD));
    });

    it(`${failOpen ? 'serves' : 'refuses with 429'} AI and file requests under the limit, counting nothing`, async () => {
      for (let i = 0; i < LIMIT + 2; i += 1) {
        assertDegraded(await service.ai(outageClient), failOpen, 'ai', `AI request ${i}`);
        assertDegraded(await service.files('198.51.100.1'), failOpen, 'files', `file request ${i}`);
      }
    });

    it('logs the outage once per limiter, however many requests met it', () => {
      assert.deepEqual(limiterTransitions(mark, WHERE), ['ai:down', 'files:down']);
    });

    it('once Redis is reachable: ready, and each limiter admits exactly LIMIT, then 429 with true numbers', async () => {
      await service.path.proxy.heal();
      // The limiters reconnect on their own back-off (up to 2 s); the first counted answer says they are back.
      let first: Answer | undefined;
      await eventually(async () => (first = await service.ai(fresh)).headers.get('x-ratelimit-limit') !== null, 'the AI limiter counts again');
      let firstFile: Answer | undefined;
      await eventually(async () => (firstFile = await service.files('198.51.100.2')).headers.get('x-ratelimit-limit') !== null, 'the file limiter counts again');
      // Degraded answers did not count, so each first counted answer was the client's first admission.
      for (const [answer, what] of [[first!, 'AI'], [firstFile!, 'file']] as const) {
        assertCounted(answer, LIMIT, `first counted ${what} answer`);
        assert.equal(answer.headers.get('x-ratelimit-remaining'), String(LIMIT - 1), what);
      }
      assert.equal((await service.ready()).status, 200);

      const expected = [...Array<number>(LIMIT - 1).fill(200), 429, 429];
      const aiStatuses = [];
      const fileStatuses = [];
      for (let i = 0; i < LIMIT + 1; i += 1) {
        aiStatuses.push((await service.ai(fresh)).status);
        fileStatuses.push((await service.files('198.51.100.2')).status);
      }
      assert.deepEqual(aiStatuses, expected);
      assert.deepEqual(fileStatuses, expected);
      const refused = await service.ai(fresh);
      assert.equal(refused.headers.get('x-ratelimit-remaining'), '0');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    });

    it('Redis holds exactly the admitted requests: LIMIT for the new clients, none for the outage', async () => {
      assert.equal(await service.countedFor({ clientKey: fresh }), LIMIT);
      assert.equal(await service.countedFor({ clientKey: outageClient }), 0, 'degraded answers never count');
      assert.equal(await service.countedFor({ address: '198.51.100.1' }), 0);
      assert.equal(await service.countedFor({ address: '198.51.100.2' }), LIMIT);
    });

    it('logs the recovery once per limiter', () => {
      assert.deepEqual(limiterTransitions(mark, WHERE), ['ai:down', 'ai:up', 'files:down', 'files:up']);
    });
  });
}
