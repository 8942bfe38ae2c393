import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { hardeningFilesClient, type Answer } from '../support/files-client.js';
import { countAttacks } from '../support/recorder.js';
import { filesSite } from '../support/server.js';

const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script><foreignObject><iframe src="javascript:alert(2)"/></foreignObject><a href="javascript:alert(3)"><rect width="9" height="9"/></a></svg>';
const HTML_PAGE = '<!doctype html><html><body><script>fetch("/steal?c="+document.cookie)</script></body></html>';
const POLYGLOT_GIF = 'GIF89a/*\u0000\u0000*/=1;alert(document.domain)//';

/** Content that a browser would run, under names of inert types, and the type each must be served as. */
const DISGUISED: [string, string, string][] = [
  ['svg-as.png', SCRIPTED_SVG, 'image/png'],
  ['html-as.jpg', HTML_PAGE, 'image/jpeg'],
  ['html-as.gif', HTML_PAGE, 'image/gif'],
  ['polyglot.gif', POLYGLOT_GIF, 'image/gif'],
  ['html-as.txt', HTML_PAGE, 'text/plain'],
  ['html-as.pdf', HTML_PAGE, 'application/pdf'],
  ['svg-as.webp', SCRIPTED_SVG, 'image/webp'],
];

const assertInert = (answer: Answer, type: string, where: string) => {
  assert.equal(answer.status, 200, `${where}: ${answer.text.slice(0, 200)}`);
  assert.equal(answer.headers.get('content-type')?.split(';')[0], type, `${where}: served as its extension says, never sniffed`);
  assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', where);
  assert.match(answer.headers.get('content-security-policy') ?? '', /sandbox/, `${where}: a sandbox CSP, so even a page would run no script`);
  assert.match(answer.headers.get('content-security-policy') ?? '', /default-src 'none'/, where);
};

describe('active content disguised as inert files is never served as active', () => {
  const site = filesSite('uploads/active-content', (root) => ({
      sources: { docs: { root, baseurl: '/files/docs/' } },
      // The defaults (svg allowed, sanitised) and thumbnails on: a disguised image goes through the thumbnailer too.
      accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD: true, FILE_DOWNLOAD: true, FILE_RENAME: true, FILE_MOVE: true }],
    }));

  for (const [name, content, type] of DISGUISED) {
    it(`${name}: stored as sent, served at the baseurl and by fileDownload as ${type}, nosniff, sandboxed`, async () => {
      countAttacks();
      const client = hardeningFilesClient(site.server);
      const upload = await client.upload([{ name, content }]);
      assert.equal(upload.status, 200, upload.text);
      assert.equal(await readFile(path.join(site.root, name), 'utf8'), content);
      assertInert(await client.fetch(`/files/docs/${name}`), type, `${name} at the baseurl`);
      for (const inline of ['', '&inline=true']) {
        const download = await client.get(`action=fileDownload&path=&name=${name}${inline}`);
        assertInert(download, type, `${name} by fileDownload${inline}`);
      }
      const listing = await client.get('action=files&path=');
      assert.equal(listing.status, 200, `a listing with ${name} in it: ${listing.text.slice(0, 200)}`);
    });
  }

  for (const name of ['scripted.svg', 'SCRIPTED.SVG', 'doctype.svg', 'html-as.svg']) {
    it(`${name}: sanitised on upload, and served as an attachment`, async () => {
      countAttacks();
      const content = name === 'doctype.svg' ? `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${SCRIPTED_SVG}` : name === 'html-as.svg' ? HTML_PAGE : SCRIPTED_SVG;
      const client = hardeningFilesClient(site.server);
      const upload = await client.upload([{ name, content }]);
      assert.equal(upload.status, 200, upload.text);
      const stored = await readFile(path.join(site.root, upload.body.data.files[0]), 'utf8');
      assert.doesNotMatch(stored, /script|onload|javascript:|foreignObject|ENTITY|iframe|fetch\(/i, `${name} as stored: ${stored}`);
      const served = await client.fetch(`/files/docs/${encodeURIComponent(upload.body.data.files[0])}`);
      assertInert(served, 'image/svg+xml', `${name} at the baseurl`);
      assert.match(served.headers.get('content-disposition') ?? '', /^attachment/, `${name}: an SVG opened from us is a download`);
      const download = await client.get(`action=fileDownload&path=&name=${encodeURIComponent(upload.body.data.files[0])}&inline=true`);
      assert.match(download.headers.get('content-disposition') ?? '', /^attachment/, `${name}: never inline, even when asked`);
    });
  }

  // Regression: an SVG sent as a .png skipped the sanitiser and became an SVG by a rename.
  it('a file cannot become an SVG by a rename (it would skip the sanitiser); SVG to SVG is fine', async () => {
    countAttacks();
    const client = hardeningFilesClient(site.server);
    assert.equal((await client.upload([{ name: 'smuggled.png', content: SCRIPTED_SVG }])).status, 200);
    const rename = await client.post('fileRename', { path: '', name: 'smuggled.png', newname: 'smuggled.svg' });
    assert.equal(rename.status, 415, rename.text);
    assert.equal(rename.body.data.code, 415);
    assert.equal(await readFile(path.join(site.root, 'smuggled.png'), 'utf8'), SCRIPTED_SVG, 'the file stays as it was');
    const upper = await client.post('fileRename', { path: '', name: 'smuggled.png', newname: 'smuggled.SvG' });
    assert.equal(upper.status, 415, upper.text);
    assert.equal((await client.upload([{ name: 'clean.svg', content: SCRIPTED_SVG }])).status, 200);
    assert.equal((await client.post('fileRename', { path: '', name: 'clean.svg', newname: 'renamed.svg' })).status, 200);
  });
});
