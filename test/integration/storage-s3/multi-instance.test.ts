import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../../src/adapters/outbound/storage-s3/s3-client.js';
import { startS3Server, type RunningS3 } from '../../support/s3-server.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { dimensionsOf, makeImage } from '../../support/images.js';

const MAIN = path.resolve('src/main.ts');
const TSX = import.meta.resolve('tsx');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Instance {
  url: string;
  stop(): Promise<void>;
}

/** The real start command, as a deployment runs it: one shared config file, secrets from the environment. */
const startInstance = async (configFile: string, env: Record<string, string>): Promise<Instance> => {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, '--config', configFile], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`instance exited with ${code}: ${output}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
};

describe('two instances sharing one S3 store and one Redis', () => {
  let s3: RunningS3;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let first: Instance;
  let second: Instance;
  const client = () => createS3Client(s3.connection);

  before(async () => {
    s3 = await startS3Server();
    await s3.createBucket('shared-files');
    temp = await makeTempDir();
    const config = {
      host: '127.0.0.1',
      ai: { rateLimit: { backend: 'redis', redisUrl: '${REDIS_URL}', max: 5, windowMs: 60_000, keyPrefix: `multi-instance-${process.pid}-${Date.now()}:` } },
      files: {
        sources: {
          shared: {
            title: 'Shared',
            baseurl: '/files/shared/',
            storage: {
              type: 's3',
              bucket: 'shared-files',
              prefix: 'site/',
              endpoint: '${S3_ENDPOINT}',
              forcePathStyle: true,
              accessKeyId: '${S3_ACCESS_KEY_ID}',
              secretAccessKey: '${S3_SECRET_ACCESS_KEY}',
            },
          },
        },
        accessControl: [{ role: 'guest', FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_REMOVE: true, IMAGE_RESIZE: true }],
      },
    };
    const configFile = path.join(temp.dir, 'config.json');
    await writeFile(configFile, JSON.stringify(config));
    const env = { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', REDIS_URL };
    [first, second] = await Promise.all([startInstance(configFile, env), startInstance(configFile, env)]);
  });
  after(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await s3?.close();
    await temp?.remove();
  });

  const listed = async (instance: Instance): Promise<string[]> => {
    const body = (await (await fetch(`${instance.url}/?action=files&source=shared`)).json()) as { data: { sources: { files: { file: string }[] }[] } };
    return body.data.sources[0]!.files.map((f) => f.file).sort();
  };

  it('lists and serves through either instance what reached the shared store, and forgets it once removed', async () => {
    // No upload action exists yet: the file is written straight to the bucket, as another instance's upload would.
    const s3Client = client();
    await s3Client.send(new PutObjectCommand({ Bucket: 'shared-files', Key: 'site/report.txt', Body: 'quarterly numbers', ContentType: 'text/plain' }));
    assert.deepEqual(await listed(first), ['report.txt']);
    assert.deepEqual(await listed(second), ['report.txt']);

    for (const instance of [first, second]) {
      const served = await fetch(`${instance.url}/files/shared/report.txt`);
      assert.equal(served.status, 200);
      assert.equal(await served.text(), 'quarterly numbers');
      assert.equal(served.headers.get('content-length'), '17');
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    }
    const head = await fetch(`${second.url}/files/shared/report.txt`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal((await fetch(`${second.url}/files/shared/missing.txt`)).status, 404);
    assert.equal((await fetch(`${second.url}/files/shared/..%2F..%2Fetc%2Fpasswd`)).status, 404);

    await s3Client.send(new DeleteObjectCommand({ Bucket: 'shared-files', Key: 'site/report.txt' }));
    assert.deepEqual(await listed(first), []);
    assert.equal((await fetch(`${second.url}/files/shared/report.txt`)).status, 404);
    await assert.rejects(s3Client.send(new GetObjectCommand({ Bucket: 'shared-files', Key: 'site/report.txt' })));
    s3Client.destroy();
  });

  it('serves active content from S3 as an attachment, never inline', async () => {
    const s3Client = client();
    await s3Client.send(new PutObjectCommand({ Bucket: 'shared-files', Key: 'site/logo.svg', Body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }));
    const served = await fetch(`${first.url}/files/shared/logo.svg`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-disposition'), 'attachment');
    assert.match(served.headers.get('content-security-policy') ?? '', /sandbox/);
    await served.arrayBuffer();
    s3Client.destroy();
  });

  it('uploads through one instance, resizes and removes through the other', async () => {
    const form = new FormData();
    form.append('path', '');
    form.append('files[0]', new Blob([new Uint8Array(await makeImage(400, 300, 'png'))]), 'photo.png');
    const uploaded = await fetch(`${first.url}/?action=fileUpload&source=shared`, { method: 'POST', body: form });
    assert.equal(uploaded.status, 200, await uploaded.clone().text());
    assert.ok((await listed(second)).includes('photo.png'));
    const post = (instance: Instance, fields: Record<string, string>) =>
      fetch(`${instance.url}/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ source: 'shared', path: '', ...fields }) });
    const resized = await post(second, { action: 'imageResize', name: 'photo.png', newname: 'small.png', 'box[w]': '100', 'box[h]': '75' });
    assert.equal(resized.status, 200, await resized.clone().text());
    const served = await fetch(`${first.url}/files/shared/small.png`);
    assert.deepEqual(await dimensionsOf(new Uint8Array(await served.arrayBuffer())), { width: 100, height: 75, format: 'png' });
    assert.equal((await post(second, { action: 'fileRemove', name: 'photo.png' })).status, 200);
    assert.ok(!(await listed(first)).includes('photo.png'));
  });

  it('holds one rate limit across both instances through the shared Redis', async () => {
    const key = { authorization: 'Bearer 7d1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' };
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => fetch(`${(i % 2 ? first : second).url}/ai/providers`, { headers: key }).then((r) => r.status)));
    assert.equal(statuses.filter((s) => s === 200).length, 5);
    assert.equal(statuses.filter((s) => s === 429).length, 7);
  });
});
