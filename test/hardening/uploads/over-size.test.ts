import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { entriesUnder, eventually, temporaryFilesUnder } from '../support/disk.js';
import { BOUNDARY, hardeningFilesClient, multipartHead, multipartTail, rawPost } from '../support/files-client.js';
import { countAttacks } from '../support/recorder.js';
import { filesSite } from '../support/server.js';

const LIMIT = 64 * 1024;
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** `size` bytes in 64 KiB chunks, so a body many chunks over the limit really arrives in many chunks. */
function* bytes(size: number, fill = 7): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += LIMIT) yield Buffer.alloc(Math.min(LIMIT, size - sent), fill);
}

describe('uploads over the size limit', () => {
  const site = filesSite('uploads/over-size', (root) => ({ sources: { docs: { root } }, maxFileSize: LIMIT, allowedExtensions: ['bin', 'txt', 'svg'], accessControl: [{ role: 'guest', FILE_UPLOAD: true }] }));

  it('stores a file of exactly the limit', async () => {
    const answer = await hardeningFilesClient(site.server).upload([{ name: 'exact.bin', content: new Uint8Array(LIMIT) }]);
    assert.equal(answer.status, 200, answer.text);
    assert.equal((await readFile(path.join(site.root, 'exact.bin'))).length, LIMIT);
  });

  it('answers 413 one byte over, and leaves nothing behind', async () => {
    countAttacks();
    const answer = await hardeningFilesClient(site.server).upload([{ name: 'one-over.bin', content: new Uint8Array(LIMIT + 1) }]);
    assert.equal(answer.status, 413, answer.text);
    assert.deepEqual(answer.body, { success: false, data: { code: 413, messages: [`The file is larger than ${LIMIT} bytes`] } });
    assert.ok(!(await entriesUnder(site.root)).includes('one-over.bin'));
    assert.deepEqual(await temporaryFilesUnder(site.root), []);
  });

  // Regression: busboy's file stream was destroyed by the failed write; busboy then waited for it forever and no answer came.
  for (const times of [2, 16, 100]) {
    it(`answers 413 to a file ${times}× the limit (many chunks over), then keeps serving`, async () => {
      countAttacks();
      const { status, text } = await rawPost(site.server, '/?action=fileUpload', [multipartHead(`big-${times}.bin`), ...bytes(LIMIT * times), multipartTail], MULTIPART);
      assert.equal(status, 413, text);
      assert.equal(JSON.parse(text).data.code, 413);
      await eventually(async () => (await temporaryFilesUnder(site.root)).length === 0, 'temporary files removed');
      assert.ok(!(await entriesUnder(site.root)).includes(`big-${times}.bin`));
      const ping = await hardeningFilesClient(site.server).fetch('/ping');
      assert.equal(ping.status, 200);
    });
  }

  it('keeps the good file of a batch whose first file is far too large, and names the refused one', async () => {
    countAttacks();
    const answer = await hardeningFilesClient(site.server).upload([
      { name: 'huge.bin', content: new Uint8Array(LIMIT * 20) },
      { name: 'small.txt', content: 'small and fine' },
    ]);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.files, ['small.txt']);
    assert.match(answer.body.data.messages.join('\n'), /huge\.bin: The file is larger than/);
    assert.equal(await readFile(path.join(site.root, 'small.txt'), 'utf8'), 'small and fine');
    assert.ok(!(await entriesUnder(site.root)).includes('huge.bin'));
    assert.deepEqual(await temporaryFilesUnder(site.root), []);
  });

  it('answers 413 to an SVG over the limit (read whole for sanitising)', async () => {
    countAttacks();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(LIMIT)}</svg>`;
    const answer = await hardeningFilesClient(site.server).upload([{ name: 'big.svg', content: svg }]);
    assert.equal(answer.status, 413, answer.text);
    assert.ok(!(await entriesUnder(site.root)).includes('big.svg'));
    assert.deepEqual(await temporaryFilesUnder(site.root), []);
  });

  it('refuses an upload declaring more than 100 files of the limit before reading it, and closes the connection', { timeout: 30_000 }, async () => {
    countAttacks();
    const declared = 100 * LIMIT + 1024 * 1024 + 1;
    let sent = 0;
    // Only the first 16 chunks exist: a site.server that waited for the declared body would never answer.
    function* counted(): Generator<Buffer> {
      for (const chunk of [multipartHead('declared-huge.bin'), ...bytes(16 * LIMIT)]) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const { status, text } = await rawPost(site.server, '/?action=fileUpload', counted(), { ...MULTIPART, 'content-length': String(declared) }, 10_000);
    assert.equal(status, 413, text);
    assert.match(JSON.parse(text).data.messages[0], /The upload is larger than/);
    assert.ok(sent < declared);
    assert.ok(!(await entriesUnder(site.root)).includes('declared-huge.bin'));
    assert.deepEqual(await temporaryFilesUnder(site.root), []);
    assert.equal((await hardeningFilesClient(site.server).fetch('/ping')).status, 200);
  });
});

