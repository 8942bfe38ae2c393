import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { entriesUnder, temporaryFilesUnder } from '../support/disk.js';
import { BOUNDARY, hardeningFilesClient, multipartHead, multipartTail, rawPost } from '../support/files-client.js';
import { countAttacks } from '../support/recorder.js';
import { filesSite } from '../support/server.js';

const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** Names whose type is not allowed: 415, whatever else they try. */
const NOT_ALLOWED = ['shell.php', 'shell.PHP', 'shell.phtml', 'run.exe', 'page.html', 'page.htm', 'app.js', 'app.mjs', 'noextension', '.htaccess', 'x.jpg.php', 'x.png.html', 'archive.tar.gz', 'x.svgz', 'x.jpg.', 'x.'];
/** Names that are not valid names at all: 400. */
const INVALID = ['x.php ', ' x.txt', 'x.txt.', 'x%00.txt', 'x%2e%2e.txt', 'x\u2024txt', 'a\uFF0Fb.txt', 'x\u0007.txt', `${'n'.repeat(300)}.txt`, `${'\u00e9'.repeat(130)}.txt`];

describe('upload names and types', () => {
  const site = filesSite('uploads/names-and-types', (root) => ({ sources: { docs: { root } }, allowedExtensions: ['txt', 'jpg', 'png', 'svg'], accessControl: [{ role: 'guest', FILE_UPLOAD: true }] }));

  const nothingStored = async () => {
    assert.deepEqual(await entriesUnder(site.root), []);
  };

  for (const name of NOT_ALLOWED) {
    it(`refuses ${JSON.stringify(name)} with 415, or 400 when it is not a valid name, storing nothing`, async () => {
      countAttacks();
      const answer = await hardeningFilesClient(site.server).upload([{ name, content: '<?php system($_GET["c"]); ?>' }]);
      const expected = /[. ]$/.test(name) ? 400 : 415;
      assert.equal(answer.status, expected, answer.text);
      assert.deepEqual(answer.body.success, false);
      assert.equal(answer.body.data.code, expected);
      await nothingStored();
    });
  }

  for (const name of INVALID) {
    it(`refuses the invalid name ${JSON.stringify(name.length > 40 ? `${name.slice(0, 20)}…(${name.length})` : name)} with 400, storing nothing`, async () => {
      countAttacks();
      const answer = await hardeningFilesClient(site.server).upload([{ name, content: 'x' }]);
      assert.equal(answer.status, 400, answer.text);
      assert.equal(answer.body.data.code, 400);
      await nothingStored();
    });
  }

  // Regression: busboy's "Malformed part header" was a 500.
  it('answers 400 to a NUL byte in the file name, raw or percent-encoded', async () => {
    countAttacks(2);
    const raw = await hardeningFilesClient(site.server).upload([{ name: 'x\u0000.txt', content: 'x' }]);
    assert.equal(raw.status, 400, raw.text);
    assert.deepEqual(raw.body, { success: false, data: { code: 400, messages: [raw.body.data.messages[0]] } });
    const encoded = await rawPost(site.server, '/?action=fileUpload', [multipartHead('', {}, `form-data; name="files[0]"; filename*=UTF-8''x%00.txt`), Buffer.from('x'), multipartTail], MULTIPART);
    assert.equal(encoded.status, 400, encoded.text);
    await nothingStored();
  });

  it('answers 400 to a 70 kB file name', async () => {
    countAttacks();
    const answer = await hardeningFilesClient(site.server).upload([{ name: `${'a'.repeat(70 * 1024)}.txt`, content: 'x' }]);
    assert.equal(answer.status, 400, answer.text);
    assert.equal(answer.body.data.code, 400);
    await nothingStored();
  });

  it('answers 400 to malformed multipart bodies and leaves nothing behind', async () => {
    const bodies: [string, Buffer[], Record<string, string>][] = [
      ['cut off before the closing boundary', [multipartHead('cut.txt'), Buffer.from('partial')], MULTIPART],
      ['garbage part headers', [Buffer.from(`--${BOUNDARY}\r\n\u0000\u0001garbage\r\n\r\nx\r\n--${BOUNDARY}--\r\n`)], MULTIPART],
      ['no boundary in the content type', [multipartHead('x.txt'), Buffer.from('x'), multipartTail], { 'content-type': 'multipart/form-data' }],
      ['not multipart at all', [Buffer.from('just text')], { 'content-type': 'text/plain' }],
    ];
    for (const [what, chunks, headers] of bodies) {
      countAttacks();
      const { status, text } = await rawPost(site.server, '/?action=fileUpload', chunks, headers);
      assert.equal(status, 400, `${what}: ${text}`);
      assert.equal(JSON.parse(text).data.code, 400, what);
    }
    await nothingStored();
    assert.deepEqual(await temporaryFilesUnder(site.root), []);
  });

  it('stores x.php.jpg as a jpg: only the last extension counts, and it is served as an image', async () => {
    countAttacks();
    const answer = await hardeningFilesClient(site.server).upload([{ name: 'x.php.jpg', content: '<?php echo 1; ?>' }]);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.files, ['x.php.jpg']);
    assert.equal(await readFile(path.join(site.root, 'x.php.jpg'), 'utf8'), '<?php echo 1; ?>');
    const served = await hardeningFilesClient(site.server).fetch('/files/docs/x.php.jpg');
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
  });
});
