import type { DocumentRenderer, RenderOptions } from '../../../ports/document-renderer.js';
import { DOCX_FORMAT } from './docx-format.js';
import { prepareDocxHtml } from './prepare-html.js';

/** `DocumentRenderer` for DOCX as real WordprocessingML (paragraphs, runs, tables, numbering): opens in every reader. */
export class TurbodocxDocumentRenderer implements DocumentRenderer {
  readonly format = DOCX_FORMAT;

  async render(html: string, options: RenderOptions): Promise<Uint8Array> {
    const prepared = await prepareDocxHtml(html, options.resolveImage);
    const { default: HTMLtoDOCX } = await import('@turbodocx/html-to-docx'); // loaded on first use: it is large
    const output = await HTMLtoDOCX(prepared, null, {
      title: options.title ?? 'Document',
      creator: 'editor-backend',
      table: { row: { cantSplit: true } },
      imageProcessing: { svgHandling: 'native', suppressSharpWarning: true, maxRetries: 0, downloadTimeout: 1 },
    });
    if (output instanceof ArrayBuffer) return new Uint8Array(output);
    if (Buffer.isBuffer(output)) return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
    return new Uint8Array(await (output as Blob).arrayBuffer());
  }
}
