import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createLogger } from '../../../src/composition/logger.js';

const capture = () => {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', destination), line: () => JSON.parse(chunks.join('').trim().split('\n').at(-1)!) };
};

describe('createLogger redaction', () => {
  it('hides provider keys, passwords, cookies and authorization wherever a line puts them, up to two levels down', () => {
    const { logger, line } = capture();
    logger.info({
      apiKey: 'sk-top',
      provider: { apiKey: 'sk-nested', name: 'openai' },
      req: { headers: { authorization: 'Bearer x', cookie: 'a=b', 'x-api-key': 'k', 'x-provider-key': 'p' } },
      redis: { password: 'pw' },
    });
    const entry = line();
    assert.equal(entry.apiKey, '[redacted]');
    assert.deepEqual(entry.provider, { apiKey: '[redacted]', name: 'openai' });
    assert.deepEqual(entry.req.headers, {
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      'x-provider-key': '[redacted]',
    });
    assert.deepEqual(entry.redis, { password: '[redacted]' });
  });

  it('keeps only the first 8 characters of a client key', () => {
    const { logger, line } = capture();
    logger.info({ clientKey: '5d0c2a8e-6b1f-4c3d-9e7a-1b2c3d4e5f60', auth: { clientKey: 'abc' } });
    const entry = line();
    assert.equal(entry.clientKey, '5d0c2a8e…');
    assert.equal(entry.auth.clientKey, '[redacted]');
  });
});
