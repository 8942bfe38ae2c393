import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { readDocx, readPdf } from '../../support/documents.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startRecordedServer } from '../support/hosts.js';
import { countAttacks, recordResponse } from '../support/recorder.js';
import { FULL } from '../support/scale.js';
import { LOOPBACK_FORMS, PRIVATE_FORMS } from './address-forms.js';
import { spyOnConnections, startCanary, type Canary } from './canary.js';

/** Every place HTML can name a resource for a renderer (or a browser engine inside one) to load. */
const references = (origin: string): string[] => [
  `<img src="${origin}/img.png">`,
  `<img src="${origin}/alt.jpg" alt="x" width="10" height="10">`,
  `<img srcset="${origin}/a.png 1x, ${origin}/b.png 2x">`,
  `<img src="${origin.replace(/^https?:/, '')}/protocol-relative.png">`,
  `<picture><source srcset="${origin}/p.webp"><img src="${origin}/p.png"></picture>`,
  `<link rel="stylesheet" href="${origin}/style.css"><link rel="preload" as="image" href="${origin}/pre.png">`,
  `<style>@import url(${origin}/import.css); p { background: url("${origin}/bg.png") } @font-face { font-family: f; src: url(${origin}/f.woff) }</style>`,
  `<p style="background-image: url('${origin}/inline.png'); list-style-image: url(${origin}/li.png)">styled</p>`,
  `<table background="${origin}/table.png"><tr><td background="${origin}/cell.png">cell</td></tr></table>`,
  `<svg><image href="${origin}/svg.png"/><image xlink:href="${origin}/xlink.png"/><use href="${origin}/sprite.svg#a"/></svg>`,
  `<iframe src="${origin}/frame.html"></iframe><object data="${origin}/object"></object><embed src="${origin}/embed">`,
  `<video poster="${origin}/poster.png" src="${origin}/v.mp4"></video><audio src="${origin}/a.mp3"></audio>`,
  `<input type="image" src="${origin}/input.png"><script src="${origin}/script.js"></script>`,
  `<a href="${origin}/link">a link is text, not a fetch</a>`,
];

/**
 * generatePdf and generateDocx (both DOCX converters) with HTML naming every
 * private and loopback address form in every place a resource can be named.
 * The renderers are built never to fetch (images come from the sources'
 * storage or data: URIs, everything else is dropped); this proves it at the
 * socket: the document renders, the canary accepts no connection and no
 * socket of this process tries an address off loopback.
 */
describe('SSRF: document rendering never fetches what the HTML names', () => {
  let canary: Canary;
  let spy: ReturnType<typeof spyOnConnections>;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let turbodocx: RunningServer;
  let htmlDocxJs: RunningServer;

  before(async () => {
    canary = await startCanary();
    spy = spyOnConnections(canary.port);
    temp = await makeTempDir();
    const files = (docx: 'turbodocx' | 'html-docx-js') => ({
      files: {
        sources: { docs: { root: temp.dir, baseurl: '/files/docs/' } },
        accessControl: [{ role: 'guest', FILES: true, GENERATE_PDF: true, GENERATE_DOCX: true }],
        documents: { docx },
      },
    });
    turbodocx = await startRecordedServer('ssrf/document-rendering', files('turbodocx'));
    htmlDocxJs = await startRecordedServer('ssrf/document-rendering-html-docx-js', files('html-docx-js'));
  });
  after(async () => {
    spy.stop();
    await turbodocx.close(0);
    await htmlDocxJs.close(0);
    await canary.close();
    await temp.remove();
  });

  const render = async (server: RunningServer, action: 'generatePdf' | 'generateDocx', html: string): Promise<string> => {
    const response = await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action, html }) });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const isJson = /^application\/json/.test(response.headers.get('content-type') ?? '');
    recordResponse(`POST ${action}`, response.status, response.headers, isJson ? Buffer.from(bytes).toString('utf8') : `<${bytes.length} bytes of ${action}>`);
    assert.equal(response.status, 200, `${action}: ${isJson ? Buffer.from(bytes).toString('utf8').slice(0, 300) : ''}`);
    if (action === 'generatePdf') return (await readPdf(bytes)).text;
    const docx = await readDocx(bytes);
    return `${docx.text} ${docx.altChunk ?? ''}`;
  };

  const RENDERERS = () =>
    [
      { server: turbodocx, action: 'generatePdf' },
      { server: turbodocx, action: 'generateDocx' },
      { server: htmlDocxJs, action: 'generateDocx' },
    ] as const;

  const assertReachedNothing = async () => {
    // Anything a renderer queued in the background has a moment to show itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(canary.connections, 0, 'a renderer connected to the canary');
    assert.deepEqual(spy.forbidden(), [], 'a renderer tried an address off loopback');
    assert.deepEqual(await readdir(temp.dir), []);
  };

  it('renders, and reaches nothing, for every address form in every kind of reference', async () => {
    const forms = [...LOOPBACK_FORMS, ...PRIVATE_FORMS, 'metadata.google.internal'];
    const origins = forms.flatMap((form) => [`http://${form}:${canary.port}`, `https://${form}:${canary.port}`, `http://${form}`]);
    // Rendering costs a few ms a reference. CI: every origin as an <img src> (the one
    // reference a renderer acts on) and every kind of reference for five forms, in one document
    // per renderer; full: every kind of reference for every origin, a document per address form.
    const documents = FULL
      ? forms.map((_, i) => origins.slice(i * 3, i * 3 + 3).flatMap(references))
      : [[...origins.map((origin) => `<img src="${origin}/img.png">`), ...['127.0.0.1', '[::1]', '169.254.169.254', '0x7f000001', 'localhost'].map((form) => `http://${form}:${canary.port}`).flatMap(references)]];
    for (const body of documents) {
      const html = `<h1>Report</h1>${body.join('\n')}<p>the end</p>`;
      for (const { server, action } of RENDERERS()) assert.match(await render(server, action, html), /the end/, `${action} rendered the document`);
      countAttacks(body.length * RENDERERS().length);
    }
    await assertReachedNothing();
  });
});
