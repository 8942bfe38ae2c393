import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { readDocx, readPdf } from '../../support/documents.js';
import { startListener, type Listener } from '../../support/http-listener.js';
import { makeImage } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('generatePdf / generateDocx over HTTP', () => {
  let server: RunningServer;
  let canary: Listener;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;

  before(async () => {
    canary = await startListener((_req, res) => res.end('x'));
    temp = await makeTempDir();
    await writeFile(path.join(temp.dir, 'logo.png'), await makeImage(40, 20, 'png'));
    server = await startTestServer(
      {
        files: {
          sources: { docs: { root: temp.dir, baseurl: '/files/docs/' } },
          accessControl: [{ role: 'guest', FILES: true, GENERATE_PDF: true, GENERATE_DOCX: true }, { role: 'viewer', FILES: true }],
          documents: { maxHtmlBytes: 200_000 },
        },
      },
      { checkAuthentication: (req) => req.get('x-role') ?? 'guest' },
    );
  });
  after(async () => {
    await server.close(0);
    await canary.close();
    await temp.remove();
  });

  const generate = (action: string, html: string, role = 'guest') =>
    fetch(`${server.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-role': role },
      body: new URLSearchParams({ action, html }),
    });

  const page = (n: number) => `<h2>Section ${n}</h2>` + `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40)}</p>`;
  const html = (extra = '') =>
    `<h1>Annual report</h1><p>Some <b>bold</b>, <i>italic</i> and <u>underlined</u> text with <a href="https://example.com">a link</a>.</p>` +
    `<ul><li>first point</li></ul><table><tr><td>cell text</td></tr></table>` +
    `<img src="${server.url}/files/docs/logo.png"><img src="${canary.url}/track.png">${extra}`;

  it('returns a PDF that parses, has its pages and contains the text, without touching the network', async () => {
    const response = await generate('generatePdf', html([2, 3, 4].map(page).join('')));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="document\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
    const pdf = await readPdf(bytes);
    assert.ok(pdf.pages >= 2, `pages: ${pdf.pages}`);
    for (const text of ['Annual report', 'bold', 'first point', 'cell text', 'Section 4']) assert.match(pdf.text, new RegExp(text));
    assert.equal((Buffer.from(bytes).toString('latin1').match(/\/Subtype \/Image/g) ?? []).length, 1, 'the source image is embedded');
    assert.deepEqual(canary.hits, []);
  });

  it('returns a DOCX whose word/document.xml holds the text (turbodocx, the default)', async () => {
    const response = await generate('generateDocx', html('<p>closing <b>unclosed'));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), DOCX);
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="document\.docx"$/);
    const docx = await readDocx(new Uint8Array(await response.arrayBuffer()));
    for (const text of ['Annual report', 'bold', 'first point', 'cell text', 'closing', 'unclosed']) assert.match(docx.text, new RegExp(text));
    assert.equal(docx.altChunk, undefined);
    assert.equal((docx.documentXml.match(/<pic:pic[ >]/g) ?? []).length, 1);
    assert.deepEqual(canary.hits, []);
  });

  it('answers 413 over the HTML limit, 400 without html, 403 without the permission', async () => {
    assert.equal((await generate('generatePdf', `<p>${'x'.repeat(210_000)}</p>`)).status, 413);
    assert.equal((await generate('generateDocx', '')).status, 400);
    const denied = await generate('generatePdf', '<p>x</p>', 'viewer');
    assert.equal(denied.status, 403);
    assert.equal(((await denied.json()) as any).success, false);
    assert.equal((await generate('generateDocx', '<p>x</p>', 'viewer')).status, 403);
  });
});

describe('generateDocx with the html-docx-js adapter', () => {
  it('writes the HTML as an altChunk', async () => {
    const temp = await makeTempDir();
    const server = await startTestServer({
      files: { sources: { docs: { root: temp.dir } }, accessControl: [{ role: 'guest', GENERATE_DOCX: true }], documents: { docx: 'html-docx-js' } },
    });
    try {
      const response = await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'generateDocx', html: '<p>only Word shows this</p>' }) });
      assert.equal(response.status, 200);
      const docx = await readDocx(new Uint8Array(await response.arrayBuffer()));
      assert.match(docx.documentXml, /altChunk/);
      assert.match(docx.altChunk ?? '', /only Word shows this/);
    } finally {
      await server.close(0);
      await temp.remove();
    }
  });
});
