import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../../src/config/load-config.js';
import { redisUrlsInUse } from '../../../src/composition/ops-module.js';

const urls = (ai: Record<string, unknown> | undefined, env: Record<string, string> = {}) =>
  Object.fromEntries(redisUrlsInUse(parseConfig(ai ? { ai } : {}, {}), env));

describe('redisUrlsInUse (what /ready checks)', () => {
  it('checks nothing when no backend uses Redis', () => {
    assert.deepEqual(urls(undefined), {});
    assert.deepEqual(urls({ rateLimit: { backend: 'memory', redisUrl: 'redis://cache:6379' } }), {});
  });

  it('names one server "redis", falling back to REDIS_URL and then loopback', () => {
    assert.deepEqual(urls({ rateLimit: { backend: 'redis' } }), { redis: 'redis://127.0.0.1:6379' });
    assert.deepEqual(urls({ rateLimit: { backend: 'redis' } }, { REDIS_URL: 'redis://env:6379' }), { redis: 'redis://env:6379' });
  });

  it("lets a section without a URL take the other section's", () => {
    assert.deepEqual(
      urls({ rateLimit: { backend: 'redis' }, conversations: { backend: 'redis', redisUrl: 'redis://shared:6379' } }),
      { redis: 'redis://shared:6379' },
    );
  });

  it('names two different servers by what uses them', () => {
    assert.deepEqual(
      urls({
        rateLimit: { backend: 'redis', redisUrl: 'redis://limits:6379' },
        conversations: { backend: 'redis', redisUrl: 'redis://chats:6379' },
      }),
      { 'redis.rateLimit': 'redis://limits:6379', 'redis.conversations': 'redis://chats:6379' },
    );
  });
});
