import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../../src/config/load-config.js';

const s3Source = (storage: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  files: { sources: { shared: { storage: { type: 's3', bucket: 'editor-files', ...storage }, ...extra } } },
});

describe('S3 source configuration', () => {
  it('needs no root, fills defaults and reads keys from the environment', () => {
    const config = parseConfig(
      s3Source({ prefix: 'site-a/', endpoint: 'http://127.0.0.1:9000', accessKeyId: '${S3_KEY}', secretAccessKey: '${S3_SECRET}' }),
      { S3_KEY: 'key', S3_SECRET: 'secret' },
    );
    const storage = config.files?.sources.shared?.storage;
    assert.equal(storage?.type, 's3');
    if (storage?.type !== 's3') return;
    assert.equal(storage.region, 'us-east-1');
    assert.equal(storage.forcePathStyle, false);
    assert.equal(storage.conditionalWrites, true);
    assert.equal(storage.accessKeyId, 'key');
    assert.equal(storage.partSize, 5 * 1024 * 1024);
    assert.equal(storage.queueSize, 4);
  });

  it('refuses a local source without root, and an s3 source with one, naming the field', () => {
    assert.throws(() => parseConfig({ files: { sources: { a: { title: 'A' } } } }, {}), /files\.sources\.a\.root: a local source needs a root folder/);
    assert.throws(() => parseConfig(s3Source({}, { root: './x' }), {}), /files\.sources\.shared\.root: an s3 source has no root/);
  });

  it('refuses half a key pair, a prefix that climbs, and parts below the S3 minimum', () => {
    assert.throws(() => parseConfig(s3Source({ accessKeyId: 'k' }), {}), /both accessKeyId and secretAccessKey, or neither/);
    assert.throws(() => parseConfig(s3Source({ prefix: 'a/../b' }), {}), /storage\.prefix: cannot contain/);
    assert.throws(() => parseConfig(s3Source({ partSize: 1024 }), {}), /storage\.partSize: must be at least 5 MiB/);
  });

  it('keeps the local form: root alone, or with "storage": {"type": "local"}', () => {
    const config = parseConfig({ files: { sources: { a: { root: './a' }, b: { root: './b', storage: { type: 'local' } } } } }, {});
    assert.equal(config.files?.sources.b?.storage?.type, 'local');
  });
});
