import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { startListener, type Listener } from '../../support/http-listener.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startRecordedServer } from '../support/hosts.js';
import { countAttacks, recordedFetch } from '../support/recorder.js';
import { whileServing } from '../support/responsiveness.js';

const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

/**
 * SVG uploads are sanitised before they are stored: what a browser would run
 * or load from them must be gone, what draws the picture must stay. Each case
 * is uploaded on its own and the stored file is read back from disk.
 */
describe('hostile SVG uploads', () => {
  let server: RunningServer;
  let canary: Listener;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let other: string;

  before(async () => {
    canary = await startListener((_req, res) => res.end('canary'));
    other = canary.url;
    temp = await makeTempDir();
    server = await startRecordedServer('hostile-svg', {
      files: {
        sources: { docs: { root: temp.dir, baseurl: '/files/docs/' } },
        accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD: true }],
      },
    });
  });
  after(async () => {
    await server.close(0);
    await canary.close();
    await temp.remove();
  });

  let counter = 0;
  /** Uploads one SVG and returns the upload's answer and, when stored, the stored text. */
  const upload = async (svg: string) => {
    const name = `case-${++counter}.svg`;
    const form = new FormData();
    form.append('files[0]', new Blob([svg]), name);
    const { response, text } = await recordedFetch(`${server.url}/?action=fileUpload&source=docs`, { method: 'POST', body: form });
    const stored = response.status === 200 ? await readFile(path.join(temp.dir, name), 'utf8') : undefined;
    return { status: response.status, body: JSON.parse(text), stored };
  };

  const sanitised = async (svg: string): Promise<string> => {
    countAttacks();
    const { status, body, stored } = await upload(svg);
    assert.equal(status, 200, JSON.stringify(body));
    return stored!;
  };

  it('removes scripts and every event handler, however they are spelled', async () => {
    const cases = [
      `<svg ${SVG}><script>alert(1)</script><rect width="10" height="10"/></svg>`,
      `<svg ${SVG}><script type="text/ecmascript"><![CDATA[alert(1)]]></script></svg>`,
      `<svg ${SVG} xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg>`,
      `<svg ${SVG} onload="alert(1)"><rect onclick="alert(1)" OnMouseOver="alert(1)" width="5" height="5"/></svg>`,
      `<svg ${SVG}><animate attributeName="onload" to="alert(1)"/><set attributeName="onmouseover" to="alert(1)"/></svg>`,
      `<svg ${SVG}><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/><iframe src="${other}/frame"/></body></foreignObject></svg>`,
      `<svg ${SVG}><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler></svg>`,
      `<svg ${SVG}><rect width="5" height="5"><set attributeName="href" to="javascript:alert(1)"/></rect></svg>`,
    ];
    for (const svg of cases) {
      const stored = await sanitised(svg);
      // A removed element's text may stay behind as text: harmless, it is never run.
      assert.doesNotMatch(stored, /<(\w+:)?script|\son\w+\s*=|foreignObject|iframe|onerror|<handler|javascript:/i, `${svg}\n→ ${stored}`);
    }
  });

  it('removes javascript: and data: links, encoded or not, and references to other hosts', async () => {
    const cases = [
      `<svg ${SVG}><a href="javascript:alert(1)"><text>click</text></a></svg>`,
      `<svg ${SVG}><a xlink:href="javascript:alert(1)"><text>click</text></a></svg>`,
      `<svg ${SVG}><a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:alert(1)"><text>x</text></a></svg>`,
      `<svg ${SVG}><a href=" JaVaScRiPt:alert(1)"><text>x</text></a></svg>`,
      `<svg ${SVG}><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="><text>x</text></a></svg>`,
      `<svg ${SVG}><image href="${other}/tracker.png" width="10" height="10"/><image xlink:href="${other}/old.png"/></svg>`,
      `<svg ${SVG}><use href="${other}/sprite.svg#icon"/><use xlink:href="${other}/sprite.svg#icon"/></svg>`,
      `<svg ${SVG}><filter id="f"><feImage href="${other}/fe.png"/></filter></svg>`,
    ];
    for (const svg of cases) {
      const stored = await sanitised(svg);
      assert.doesNotMatch(stored, /javascript|data:text|127\.0\.0\.1|href=/i, `${svg}\n→ ${stored}`);
    }
  });

  it('removes CSS url() and @import that reach other hosts, in style elements and attributes, and keeps local references', async () => {
    const cases = [
      `<svg ${SVG}><style>@import url(${other}/import.css);</style><rect width="5" height="5"/></svg>`,
      `<svg ${SVG}><style>@import '${other}/quoted.css'; rect { fill: red }</style></svg>`,
      `<svg ${SVG}><style>rect { fill: url(${other}/paint.svg#p); background: url("${other}/bg.png") }</style></svg>`,
      `<svg ${SVG}><style>@font-face { font-family: x; src: url(${other}/font.woff) }</style></svg>`,
      `<svg ${SVG}><style>rect { background-image: image-set("${other}/set.png" 1x) }</style></svg>`,
      `<svg ${SVG}><style>rect { background: \\75 rl(${other}/escaped.png) }</style></svg>`,
      `<svg ${SVG}><style>@\\69mport "${other}/escaped-import.css";</style></svg>`,
      `<svg ${SVG}><rect style="fill: url(${other}/attr.svg#p)" width="5" height="5"/></svg>`,
      `<svg ${SVG}><rect style="background:url(//${other.slice('http://'.length)}/protocol-relative.png)" width="5" height="5"/></svg>`,
      `<svg ${SVG}><rect fill="url(${other}/presentation.svg#p)" filter="url(${other}/f.svg#f)" mask="url('${other}/m.svg#m')" width="5" height="5"/></svg>`,
      `<svg ${SVG}><circle cursor="url(${other}/cursor.cur), auto" r="3"/></svg>`,
    ];
    for (const svg of cases) {
      const stored = await sanitised(svg);
      assert.doesNotMatch(stored, /127\.0\.0\.1|@import|\\75|\\69/i, `${svg}\n→ ${stored}`);
    }
    const local = await sanitised(
      `<svg ${SVG}><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>` +
        `<style>.a { fill: url(#g) }</style><rect class="a" width="5" height="5"/><rect fill="url(#g)" style="stroke: url( '#g' )" width="5" height="5"/></svg>`,
    );
    assert.match(local, /\.a \{ fill: url\(#g\) \}/, local);
    assert.match(local, /fill="url\(#g\)"/, local);
    assert.match(local, /stroke: url\( '#g' \)/, local);
    assert.match(local, /<linearGradient id="g">/, local);
  });

  it('resolves no external entity: no file is read and no host contacted', async () => {
    const cases = [
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${SVG}><text>&xxe;</text></svg>`,
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "${other}/xxe">]><svg ${SVG}><text>&xxe;</text></svg>`,
      `<!DOCTYPE svg [<!ENTITY % remote SYSTEM "${other}/dtd"> %remote;]><svg ${SVG}/>`,
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "${other}/svg11.dtd"><svg ${SVG}/>`,
      `<!DOCTYPE svg [<!ENTITY a "]"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg ${SVG}><text>&b;&b;&b;</text></svg>`,
      `<?xml-stylesheet href="${other}/sheet.css"?><svg ${SVG}/>`,
    ];
    for (const svg of cases) {
      const stored = await sanitised(svg);
      assert.doesNotMatch(stored, /root:|ENTITY|DOCTYPE|127\.0\.0\.1|xml-stylesheet/i, `${svg}\n→ ${stored}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(canary.hits, []);
  });

  it('refuses SVG nested past 400 levels or with more than 20 000 elements with 413, stores nothing, and keeps answering', async () => {
    const attacks = [
      `<svg ${SVG}>${'<g>'.repeat(10_000)}${'</g>'.repeat(10_000)}</svg>`,
      `<svg ${SVG}>${'<g>'.repeat(50_000)}</svg>`,
      `<svg ${SVG}>${'<rect/>'.repeat(100_000)}</svg>`,
    ];
    countAttacks(attacks.length);
    const before = await readdir(temp.dir);
    const { ping } = await whileServing(server.url, async () => {
      for (const svg of attacks) {
        const { status, body } = await upload(svg);
        assert.equal(status, 413, JSON.stringify(body));
        assert.deepEqual({ success: body.success, code: body.data.code }, { success: false, code: 413 });
        assert.match(body.data.messages[0], /nested more than 400 levels|more than 20000 elements/);
      }
    });
    assert.deepEqual(await readdir(temp.dir), before, 'a refused SVG left a file behind');
    assert.ok(ping.failed === 0 && ping.slowestMs < 2_000, JSON.stringify(ping));
  });

  it('stores a large but ordinary SVG (megabytes of path data) in bounded time', async () => {
    countAttacks();
    const path = `M0 0 ${Array.from({ length: 200_000 }, (_, i) => `L${i % 500} ${(i * 7) % 500}`).join(' ')}`;
    const { result, ping } = await whileServing(server.url, () => upload(`<svg ${SVG} viewBox="0 0 500 500"><path d="${path}" stroke="black"/></svg>`));
    assert.equal(result.status, 200, JSON.stringify(result.body));
    assert.ok(result.stored!.length > 1_000_000);
    assert.ok(ping.failed === 0 && ping.slowestMs < 10_000, JSON.stringify(ping));
  });
});
