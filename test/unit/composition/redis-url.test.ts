import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveRedisUrl } from '../../../src/composition/redis-url.js';
import { parseConfig } from '../../../src/config/load-config.js';

describe('resolveRedisUrl', () => {
  const config = (input: Record<string, unknown>) => parseConfig(input, {});

  it('prefers the section\'s own URL', () => {
    const cfg = config({ ai: { rateLimit: { redisUrl: 'redis://a:6379' } } });
    assert.equal(resolveRedisUrl('redis://own:6379', cfg, { REDIS_URL: 'redis://env:6379' }), 'redis://own:6379');
  });

  it('falls back to another section\'s URL, then REDIS_URL, then the local default', () => {
    const withConversations = config({ ai: { conversations: { backend: 'redis', redisUrl: 'rediss://conv:6380/2' } } });
    assert.equal(resolveRedisUrl(undefined, withConversations, { REDIS_URL: 'redis://env:6379' }), 'rediss://conv:6380/2');
    const withFiles = config({ files: { rateLimit: { backend: 'redis', redisUrl: 'redis://files:6379' } } });
    assert.equal(resolveRedisUrl(undefined, withFiles, {}), 'redis://files:6379');
    assert.equal(resolveRedisUrl(undefined, config({ ai: {} }), { REDIS_URL: 'redis://env:6379' }), 'redis://env:6379');
    assert.equal(resolveRedisUrl(undefined, config({ ai: {} }), {}), 'redis://127.0.0.1:6379');
  });

  it('leaves files.rateLimit off unless configured, and checks its shape like ai.rateLimit', () => {
    assert.equal(config({ files: {} }).files!.rateLimit, undefined);
    assert.deepEqual(config({ files: { rateLimit: {} } }).files!.rateLimit, { backend: 'memory', windowMs: 60_000, max: 60, failOpen: true });
    assert.throws(() => config({ files: { rateLimit: { backend: 'memcached' } } }), /files\.rateLimit\.backend/);
  });
});
