import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { readDocx, readPdf } from '../../support/documents.js';
import { startListener, type Listener } from '../../support/http-listener.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startRecordedServer } from '../support/hosts.js';
import { countAttacks, recordedFetch, recordResponse } from '../support/recorder.js';
import { whileServing } from '../support/responsiveness.js';
import { scale } from '../support/scale.js';

const ACTIONS = ['generatePdf', 'generateDocx'] as const;

/**
 * HTML for PDF and DOCX that is built to hurt: nested past what a DOM can
 * build in reasonable time, megabytes long, or full of references to other
 * hosts. Each is refused with a clear 413 or rendered in bounded time, the
 * network is never used, and the server answers others throughout.
 */
describe('hostile HTML for generatePdf and generateDocx', () => {
  let server: RunningServer;
  let canary: Listener;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;

  before(async () => {
    canary = await startListener((_req, res) => res.end('canary'));
    temp = await makeTempDir();
    server = await startRecordedServer('hostile-markup', {
      files: {
        sources: { docs: { root: temp.dir, baseurl: '/files/docs/' } },
        accessControl: [{ role: 'guest', FILES: true, GENERATE_PDF: true, GENERATE_DOCX: true }],
      },
    });
  });
  after(async () => {
    await server.close(0);
    await canary.close();
    await temp.remove();
  });

  const generate = async (action: (typeof ACTIONS)[number], html: string) => {
    const response = await fetch(`${server.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, html }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const isJson = /^application\/json/.test(response.headers.get('content-type') ?? '');
    recordResponse(`POST ${action}`, response.status, response.headers, isJson ? Buffer.from(bytes).toString('utf8') : `<${bytes.length} bytes of ${action}>`);
    return { status: response.status, bytes, body: isJson ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined };
  };

  const assertRefused = (answer: Awaited<ReturnType<typeof generate>>, message: RegExp, label: string) => {
    assert.equal(answer.status, 413, `${label}: ${JSON.stringify(answer.body)}`);
    assert.deepEqual({ success: answer.body.success, code: answer.body.data.code }, { success: false, code: 413 }, label);
    assert.match(answer.body.data.messages[0], message, label);
  };

  const nested = (tag: string, depth: number, inner = 'deep') => `${`<${tag}>`.repeat(depth)}${inner}${`</${tag}>`.repeat(depth)}`;

  it('refuses markup nested past 400 levels with 413 before building a DOM, and keeps answering', async () => {
    const attacks = {
      'divs 10 000 deep': nested('div', 10_000),
      'spans 10 000 deep, never closed': '<p>' + '<span>'.repeat(10_000) + 'x',
      'tables in tables': nested('table><tr><td', 800).replace(/<\/table><tr><td>/g, '</td></tr></table>'),
      'lists in lists': nested('ul><li', 1_000).replace(/<\/ul><li>/g, '</li></ul>'),
      'blockquotes 401 deep': nested('blockquote', 401),
      'svg inside html 5 000 deep': `<svg>${nested('g', 5_000)}</svg>`,
      'formatting elements 3 000 deep': nested('b', 3_000),
      'inside a template 2 000 deep': `<template>${nested('div', 2_000)}</template>`,
    };
    countAttacks(Object.keys(attacks).length * ACTIONS.length);
    const { ping } = await whileServing(server.url, async () => {
      for (const [label, html] of Object.entries(attacks)) {
        for (const action of ACTIONS) assertRefused(await generate(action, html), /nested more than 400 levels/, `${action}: ${label}`);
      }
    });
    assert.ok(ping.answered > 0 && ping.failed === 0, JSON.stringify(ping));
    assert.ok(ping.slowestMs < 2_000, `a ping waited ${ping.slowestMs} ms while nested markup was refused`);
  });

  it('renders markup nested up to the limit', async () => {
    countAttacks(ACTIONS.length);
    for (const action of ACTIONS) {
      const answer = await generate(action, nested('div', 395, '<p>still here</p>'));
      assert.equal(answer.status, 200, `${action}: ${JSON.stringify(answer.body)}`);
    }
  });

  it('refuses more than 20 000 elements with 413 in one pass, even when the byte size is allowed', async () => {
    const attacks = {
      'empty paragraphs': '<p></p>'.repeat(25_000),
      'line breaks': '<br>'.repeat(100_000),
      'images without sources': '<img>'.repeat(50_000),
      'start tags hidden in a comment are counted too': `<!--${'<i>'.repeat(30_000)}-->`,
    };
    countAttacks(Object.keys(attacks).length * ACTIONS.length);
    const { ping } = await whileServing(server.url, async () => {
      for (const [label, html] of Object.entries(attacks)) {
        for (const action of ACTIONS) assertRefused(await generate(action, html), /more than 20000 elements/, `${action}: ${label}`);
      }
    });
    assert.ok(ping.failed === 0 && ping.slowestMs < 2_000, JSON.stringify(ping));
  });

  it('fetches nothing while rendering: remote images, styles, frames, fonts and links never reach the canary', async () => {
    const c = canary.url;
    const remote = [
      `<img src="${c}/img.png">`,
      `<img srcset="${c}/a.png 1x, ${c}/b.png 2x">`,
      `<picture><source srcset="${c}/p.webp"><img src="${c}/p.png"></picture>`,
      `<link rel="stylesheet" href="${c}/style.css">`,
      `<style>@import url(${c}/import.css); body { background: url(${c}/bg.png) } @font-face { font-family: x; src: url(${c}/font.woff) }</style>`,
      `<p style="background-image: url('${c}/inline.png')">styled</p>`,
      `<table background="${c}/table.png"><tr><td background="${c}/cell.png">cell</td></tr></table>`,
      `<body background="${c}/body.png">`,
      `<iframe src="${c}/frame.html"></iframe>`,
      `<object data="${c}/object.swf"></object><embed src="${c}/embed.swf">`,
      `<video poster="${c}/poster.png" src="${c}/video.mp4"></video><audio src="${c}/audio.mp3"></audio>`,
      `<input type="image" src="${c}/input.png">`,
      `<svg><image href="${c}/svg.png"/><use href="${c}/sprite.svg#a"/></svg>`,
      `<base href="${c}/"><img src="relative.png">`,
      `<meta http-equiv="refresh" content="0; url=${c}/refresh">`,
      `<script src="${c}/script.js"></script>`,
      `<a href="${c}/link">a link is text, not a fetch</a>`,
      `<img src="//${c.slice('http://'.length)}/protocol-relative.png">`,
      `<img src="http://[::ffff:127.0.0.1]:${canary.port}/mapped.png">`,
    ];
    countAttacks(remote.length * ACTIONS.length);
    const html = `<h1>Report</h1>${remote.join('\n')}<p>the end</p>`;
    for (const action of ACTIONS) {
      const answer = await generate(action, html);
      assert.equal(answer.status, 200, `${action}: ${JSON.stringify(answer.body)}`);
      const text = action === 'generatePdf' ? (await readPdf(answer.bytes)).text : (await readDocx(answer.bytes)).text;
      assert.match(text, /the end/, `${action} rendered the document`);
    }
    // Give anything queued in the background a moment to show itself.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(canary.hits, [], 'the renderer fetched from the network');
  });

  it('renders one paragraph of megabytes in bounded time, without holding the event loop for long', async () => {
    const bytes = scale(400_000, 1_900_000);
    countAttacks(ACTIONS.length);
    const words = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. ';
    const html = `<p>${words.repeat(Math.floor(bytes / words.length))}</p><p>final words</p>`;
    for (const action of ACTIONS) {
      const { result, ping } = await whileServing(server.url, () => generate(action, html));
      assert.equal(result.status, 200, `${action}: ${JSON.stringify(result.body)}`);
      if (action === 'generatePdf') assert.match((await readPdf(result.bytes)).text, /final words/);
      // Generous: the work is linear, ~6 s a megabyte here; a quadratic layout took minutes.
      const bound = 5_000 + (bytes / 1_000_000) * 15_000;
      assert.ok(ping.slowestMs < bound, `${action}: a ping waited ${ping.slowestMs} ms (bound ${bound} ms)`);
    }
    assert.equal((await recordedFetch(`${server.url}/ping`)).response.status, 200);
  });
});
