import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { SLIDING_WINDOW_LUA } from '../../../src/adapters/outbound/rate-limit/sliding-window-script.js';
import { REDIS_URL, uniquePrefix } from '../../support/redis.js';

describe('the sliding-window script with a deadline', () => {
  let redis: Redis;
  const key = `${uniquePrefix('deadline')}k`;
  const check = (member: string, deadline: string) => redis.eval(SLIDING_WINDOW_LUA, 1, key, 10, 60_000, member, '', deadline) as Promise<number[]>;
  const redisNow = async () => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };

  before(() => {
    redis = new Redis(REDIS_URL);
  });
  after(async () => {
    await redis.del(key);
    redis.disconnect();
  });

  it('counts nothing when Redis runs the check after its deadline (the caller has answered without it)', async () => {
    const [admitted, , , now] = await check('late', String((await redisNow()) - 1_000));
    assert.equal(admitted, -1);
    assert.ok(now! > 0);
    assert.equal(await redis.zcard(key), 0);
  });

  it('counts as before when the deadline is ahead, or when there is none', async () => {
    assert.equal((await check('in-time', String((await redisNow()) + 60_000)))[0], 1);
    assert.equal((await check('no-deadline', ''))[0], 1);
    assert.equal(await redis.zcard(key), 2);
  });
});
