import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DocumentRenderer, ImageResolver } from '../../ports/document-renderer.js';
import sharp from 'sharp';
import { startListener, type Listener } from '../support/http-listener.js';

export interface DocumentRendererFixture {
  renderer: DocumentRenderer;
  /** The text a reader of the format would find in the document. */
  textOf(document: Uint8Array): Promise<string>;
  /** How many images the document embeds. */
  imagesIn(document: Uint8Array): Promise<number>;
}

const noImages: ImageResolver = async () => undefined;

/** What every `DocumentRenderer` adapter must do. */
const solidPng = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();

export const documentRendererContract = (name: string, makeFixture: () => DocumentRendererFixture): void => {
  describe(`DocumentRenderer contract: ${name}`, () => {
    const fixture = makeFixture();
    let canary: Listener;
    before(async () => {
      canary = await startListener((_req, res) => res.end('x'));
    });
    after(async () => canary.close());

    it('keeps the text of headings, paragraphs, inline styles, lists, tables and links', async () => {
      const html =
        '<h1>Quarterly report</h1><p>Plain <b>bold</b> <i>italic</i> <u>underlined</u></p>' +
        '<ul><li>first item</li></ul><ol><li>numbered item</li></ol>' +
        '<table><tr><th>Region</th><td>North</td></tr></table><p><a href="https://example.com">a link</a></p>';
      const text = await fixture.textOf(await fixture.renderer.render(html, { resolveImage: noImages }));
      for (const expected of ['Quarterly report', 'bold', 'italic', 'underlined', 'first item', 'numbered item', 'Region', 'North', 'a link']) {
        assert.match(text, new RegExp(expected), expected);
      }
    });

    it('renders what it can of malformed HTML and drops scripts', async () => {
      const text = await fixture.textOf(
        await fixture.renderer.render('<p>before <b>unclosed <table><tr><td>cell</p><script>alert("evil script")</script><div>after', { resolveImage: noImages }),
      );
      assert.match(text, /before/);
      assert.match(text, /cell/);
      assert.match(text, /after/);
      assert.doesNotMatch(text, /evil script/);
    });

    it('embeds data: images and resolved images, asks the resolver for the rest, and never touches the network', async () => {
      const png = (await solidPng(20, 10)).toString('base64');
      const asked: string[] = [];
      const resolveImage: ImageResolver = async (src) => {
        asked.push(src);
        return src === '/files/default/logo.png' ? { contentType: 'image/png', data: await solidPng(8, 8) } : undefined;
      };
      const html =
        `<p>images</p><img src="data:image/png;base64,${png}"><img src="/files/default/logo.png">` +
        `<img src="${canary.url}/tracker.png"><p style="background: url(${canary.url}/bg.png)">styled</p><link rel="stylesheet" href="${canary.url}/x.css">`;
      const document = await fixture.renderer.render(html, { resolveImage });
      assert.deepEqual(asked.sort(), [`${canary.url}/tracker.png`, '/files/default/logo.png'].sort());
      assert.equal(await fixture.imagesIn(document), 2);
      assert.deepEqual(canary.hits, []);
    });
  });
};
