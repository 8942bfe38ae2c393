import { createRequire } from 'node:module';
import type { DocumentFormat, DocumentRenderer, RenderOptions } from '../../../ports/document-renderer.js';
import { preparePdfHtml } from './prepare-html.js';
import { PDF_FORMAT } from './pdf-format.js';
import { splitLongText } from './split-long-text.js';

interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: object): { getBuffer(): Promise<Buffer> };
}

type HtmlToPdfmake = (html: string, options: object) => { content: unknown; images: Record<string, string> };

// Neither package ships type declarations: their small surface is typed here.
const require = createRequire(import.meta.url);
let loaded: { pdfmake: PdfMake; htmlToPdfmake: HtmlToPdfmake } | undefined;

/** Loaded on first use (they are large); pdfmake is one shared instance, configured once. */
const load = () => {
  if (loaded) return loaded;
  const pdfmake = require('pdfmake') as PdfMake;
  // The Roboto files pdfmake ships: it loads no font by itself.
  const roboto = require('pdfmake/fonts/Roboto') as { Roboto: Record<string, string> };
  const fontFiles = new Set(Object.values(roboto.Roboto));
  pdfmake.setFonts(roboto);
  pdfmake.setUrlAccessPolicy(() => false); // never fetch
  pdfmake.setLocalAccessPolicy((path) => fontFiles.has(path)); // the font files and nothing else
  loaded = { pdfmake, htmlToPdfmake: require('html-to-pdfmake') as HtmlToPdfmake };
  return loaded;
};

/**
 * html-to-pdfmake keeps classes as styles: `class="pdf-pagebreak-before"`
 * starts a new page. Marked on the tree once (pdfmake's own per-node
 * `pageBreakBefore` callback triples the layout time).
 */
const markPageBreaks = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(markPageBreaks);
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  for (const key of ['stack', 'text', 'ul', 'ol', 'columns']) if (Array.isArray(record[key])) record[key] = markPageBreaks(record[key]);
  if (Array.isArray(record.style) && record.style.includes('pdf-pagebreak-before')) record.pageBreak = 'before';
  return record;
};

/** `DocumentRenderer` for PDF: html-to-pdfmake over jsdom, then pdfmake. */
export class PdfmakeDocumentRenderer implements DocumentRenderer {
  readonly format: DocumentFormat = PDF_FORMAT;

  async render(html: string, options: RenderOptions): Promise<Uint8Array> {
    const { pdfmake, htmlToPdfmake } = load();
    const dom = await preparePdfHtml(html, options.resolveImage);
    try {
      const converted = htmlToPdfmake(dom.window.document.body.innerHTML, { window: dom.window, imagesByReference: true, removeExtraBlanks: true });
      const definition = {
        info: { title: options.title ?? 'Document', producer: 'editor-backend' },
        content: splitLongText(markPageBreaks(converted.content)),
        images: converted.images,
        defaultStyle: { font: 'Roboto' },
      };
      const buffer = await pdfmake.createPdf(definition).getBuffer();
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } finally {
      dom.window.close();
    }
  }
}
