import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { entriesUnder, eventually, temporaryFilesUnder } from '../support/disk.js';
import { BOUNDARY, hardeningFilesClient, multipartHead } from '../support/files-client.js';
import { countAttacks, countFaults } from '../support/recorder.js';
import { scale } from '../support/scale.js';
import { filesSite } from '../support/server.js';

const CONCURRENT = scale(20, 100);

describe('client aborts and concurrent uploads', () => {
  const site = filesSite('uploads/abort-and-concurrency', (root) => ({ sources: { docs: { root } }, maxFileSize: 4 * 1024 * 1024, allowedExtensions: ['bin', 'txt'], accessControl: [{ role: 'guest', FILE_UPLOAD: true, FILES: true }] }));

  /** Starts a multipart POST by hand, writes `parts`, waits for `until`, then destroys the socket mid-body. */
  const abortAfter = async (parts: Buffer[], until: () => Promise<boolean>) => {
    const { port } = new URL(site.server.url);
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/?action=fileUpload', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    req.on('error', () => undefined); // the abort is ours
    for (const part of parts) req.write(part);
    await eventually(until, 'the site.server is receiving the upload');
    req.destroy();
    countFaults();
  };

  const secondFile = (name: string) => Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[1]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);

  it('an abort in the middle of a file leaves no partial or temporary file', async () => {
    await abortAfter([multipartHead('cut.bin'), Buffer.alloc(1024 * 1024, 1)], async () => (await temporaryFilesUnder(site.root)).length > 0);
    await eventually(async () => (await entriesUnder(site.root)).length === 0, 'the temporary file is removed');
    assert.deepEqual(await entriesUnder(site.root), []);
  });

  it('an abort before any byte of the file, and one inside the part headers, leave nothing', async () => {
    for (const parts of [[multipartHead('early.bin')], [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[0]"; filena`)]]) {
      let sent = false;
      await abortAfter(parts, async () => {
        sent = true;
        return true;
      });
      assert.ok(sent);
    }
    // Nothing appears later either: a request that never completes never stores anything.
    assert.equal((await hardeningFilesClient(site.server).fetch('/ping')).status, 200);
    assert.deepEqual(await entriesUnder(site.root), []);
  });

  it('an abort in the second file keeps the first, whole, and leaves nothing of the second', async () => {
    const first = Buffer.alloc(200 * 1024, 2);
    await abortAfter([multipartHead('first.bin'), first, secondFile('second.bin'), Buffer.alloc(1024 * 1024, 3)], async () => {
      const entries = await entriesUnder(site.root);
      return entries.includes('first.bin') && entries.some((e) => e.startsWith('.tmp-'));
    });
    await eventually(async () => (await temporaryFilesUnder(site.root)).length === 0, 'the second file\'s temporary file is removed');
    assert.deepEqual(await entriesUnder(site.root), ['first.bin']);
    assert.ok((await readFile(path.join(site.root, 'first.bin'))).equals(first), 'the first file is intact');
  });

  it('an abort right after sending more than the size limit leaves nothing, and the site.server keeps answering', async () => {
    const before = await entriesUnder(site.root);
    await abortAfter([multipartHead('huge.bin'), Buffer.alloc(5 * 1024 * 1024, 4)], async () => true);
    await eventually(async () => (await temporaryFilesUnder(site.root)).length === 0, 'no temporary file');
    assert.deepEqual(await entriesUnder(site.root), before);
    const after = await hardeningFilesClient(site.server).upload([{ name: 'after.txt', content: 'still serving' }]);
    assert.equal(after.status, 200, after.text);
  });

  it(`${CONCURRENT} concurrent uploads of one name: all kept under distinct names, none overwritten, every content intact`, async () => {
    countAttacks(CONCURRENT);
    const contents = Array.from({ length: CONCURRENT }, (_, i) => `upload ${i} ${randomUUID()}\n`.repeat(50 + i));
    const final = await Promise.all(contents.map((content) => hardeningFilesClient(site.server).upload([{ name: 'same.txt', content }])));
    final.forEach((answer, i) => assert.equal(answer.status, 200, `upload ${i}: ${answer.text}`));
    const stored = final.map((answer) => answer.body.data.files[0] as string);
    assert.equal(new Set(stored).size, CONCURRENT, `distinct names: ${stored.join(', ')}`);
    for (const [i, name] of stored.entries()) {
      assert.match(name, /^same(-\d+)?\.txt$/);
      assert.equal(await readFile(path.join(site.root, name), 'utf8'), contents[i], `${name} holds exactly what upload ${i} sent`);
    }
    const onDisk = (await readdir(site.root)).filter((name) => name.startsWith('same'));
    assert.equal(onDisk.length, CONCURRENT);
    assert.deepEqual(await temporaryFilesUnder(site.root), []);
  });
});
