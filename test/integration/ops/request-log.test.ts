import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { createLogger } from '../../../src/composition/logger.js';
import { registerStorageType } from '../../../src/composition/storage-types.js';
import type { FileStorage } from '../../../src/ports/file-storage.js';
import { StorageFullError } from '../../../src/domain/errors.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

/** A storage whose every call fails the way a bug or an unmapped system error would. */
const BROKEN_STORAGE_CAUSE = 'disk controller on fire (test cause)';
registerStorageType('broken-in-request-log-test', () =>
  new Proxy({} as FileStorage, {
    get: () => () => Promise.reject(new Error(BROKEN_STORAGE_CAUSE)),
  }),
);

registerStorageType('full-in-request-log-test', () =>
  new Proxy({} as FileStorage, {
    get: () => () => Promise.reject(new StorageFullError()),
  }),
);

/** Secrets as a client, a proxy or an operator would put them in a request or the config. */
const SECRETS = {
  providerKeyInConfig: 'sk-config-4f1e9a7b2c8d3e6f',
  providerKeyHeader: 'sk-header-9b8a7c6d5e4f3a2b',
  clientKeyHeader: '5d0c2a8e-6b1f-4c3d-9e7a-1b2c3d4e5f60',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LWJlYXJlcg.sig-bearer-77',
  cookie: 'session-cookie-value-31337',
  queryKey: 'query-key-0a1b2c3d4e5f',
  queryToken: 'query-token-aabbccddeeff',
  bodyKey: 'body-key-112233445566',
};

describe('request log', () => {
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  const written: string[] = [];
  const lines = () => written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);

  before(async () => {
    temp = await makeTempDir();
    const root = path.join(temp.dir, 'files');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'a.txt'), 'a');
    const destination = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(
      {
        ai: { providers: { openai: { type: 'openai', apiKey: SECRETS.providerKeyInConfig } }, auth: { apiKeys: [SECRETS.clientKeyHeader] } },
        files: { sources: { default: { root }, broken: { storage: { type: 'broken-in-request-log-test' } }, full: { storage: { type: 'full-in-request-log-test' } } } },
      },
      { logger: createLogger('debug', destination) },
    );
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  const secretHeaders = {
    Authorization: `Bearer ${SECRETS.bearer}`,
    'X-API-Key': SECRETS.clientKeyHeader,
    'X-Provider-Key': SECRETS.providerKeyHeader,
    Cookie: `access_token=${SECRETS.cookie}`,
  };

  it('writes no secret from headers, query, body or config on any line', async () => {
    const requests: [string, RequestInit][] = [
      [`/ai/health?key=${SECRETS.queryKey}`, { headers: secretHeaders }],
      [`/?action=files&key=${SECRETS.queryKey}&access_token=${SECRETS.queryToken}`, { headers: secretHeaders }],
      [
        `/?action=files&token=${SECRETS.queryToken}`,
        { method: 'POST', headers: { ...secretHeaders, 'Content-Type': 'application/json' }, body: JSON.stringify({ key: SECRETS.bodyKey }) },
      ],
      [`/no/such/path?apiKey=${SECRETS.queryKey}`, { headers: secretHeaders }],
      [`/?action=unknownAction&key=${SECRETS.queryKey}`, { headers: secretHeaders }],
      [`/files/default/a.txt?key=${SECRETS.queryKey}`, { headers: secretHeaders }],
    ];
    for (const [url, init] of requests) await (await fetch(`${server.url}${url}`, init)).arrayBuffer();
    const log = written.join('');
    assert.ok(lines().length >= requests.length, 'one line per request at least');
    for (const [name, secret] of Object.entries(SECRETS)) {
      assert.ok(!log.includes(secret), `${name} reached the log`);
      assert.ok(!log.includes(secret.slice(10)), `the tail of ${name} reached the log`);
    }
    assert.match(log, /key=\[redacted\]/);
  });

  it('writes one compact line per request: id, method, path, status, duration, role', async () => {
    const response = await fetch(`${server.url}/?action=files&source=default`, { headers: { 'X-Request-Id': 'trace-abc-123' } });
    await response.arrayBuffer();
    assert.equal(response.headers.get('x-request-id'), 'trace-abc-123');
    const line = lines().find((entry) => entry.requestId === 'trace-abc-123');
    assert.ok(line, 'the request has a line with its id');
    assert.deepEqual(line.req, { method: 'GET', url: '/?action=files&source=default' });
    assert.deepEqual(line.res, { statusCode: 200 });
    assert.equal(typeof line.responseTime, 'number');
    assert.equal(line.role, 'guest');
    assert.equal(line.level, 30);
    assert.equal(line.headers, undefined);
  });

  it('logs client errors as warnings', async () => {
    await (await fetch(`${server.url}/?action=unknownAction`, { headers: { 'X-Request-Id': 'trace-warn-1' } })).arrayBuffer();
    const line = lines().find((entry) => entry.requestId === 'trace-warn-1');
    assert.equal(line?.level, 40);
    assert.equal(line?.res.statusCode, 400);
  });

  it('keeps the cause of a 500 on the request\'s error line, and tells the client only "Internal server error"', async () => {
    const response = await fetch(`${server.url}/?action=files&source=broken`, { headers: { 'X-Request-Id': 'trace-500-cause' } });
    const body = await response.text();
    assert.equal(response.status, 500);
    assert.deepEqual(JSON.parse(body), { success: false, data: { code: 500, messages: ['Internal server error'] } });
    assert.ok(!body.includes(BROKEN_STORAGE_CAUSE));
    const line = lines().find((entry) => entry.requestId === 'trace-500-cause');
    assert.equal(line?.level, 50);
    assert.equal(line?.err?.message, BROKEN_STORAGE_CAUSE);
    assert.match(String(line?.err?.stack), /at /);
  });

  it('logs a known 5xx (a full disk) as an error without a made-up stack', async () => {
    const response = await fetch(`${server.url}/?action=files&source=full`, { headers: { 'X-Request-Id': 'trace-507' } });
    assert.equal(response.status, 507, await response.text());
    const line = lines().find((entry) => entry.requestId === 'trace-507');
    assert.equal(line?.level, 50);
    assert.equal(line?.err, undefined);
  });
});
