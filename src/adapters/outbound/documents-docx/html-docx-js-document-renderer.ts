import { createRequire } from 'node:module';
import type { DocumentRenderer, RenderOptions } from '../../../ports/document-renderer.js';
import { prepareDocxHtml } from './prepare-html.js';
import { DOCX_FORMAT } from './docx-format.js';

// html-docx-js ships no type declarations; its one function is typed here.
const require = createRequire(import.meta.url);
type HtmlDocx = { asBlob(html: string, options?: object): Buffer | Blob };

/**
 * `DocumentRenderer` for DOCX that stores the HTML as an `altChunk`: Microsoft
 * Word converts it on opening, with its own HTML engine; LibreOffice, Google
 * Docs and most other readers show an empty page. For Word-only shops.
 */
export class HtmlDocxJsDocumentRenderer implements DocumentRenderer {
  readonly format = DOCX_FORMAT;

  async render(html: string, options: RenderOptions): Promise<Uint8Array> {
    const htmlDocx = require('html-docx-js') as HtmlDocx; // loaded on first use
    const output = htmlDocx.asBlob(await prepareDocxHtml(html, options.resolveImage));
    if (Buffer.isBuffer(output)) return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
    return new Uint8Array(await output.arrayBuffer());
  }
}
