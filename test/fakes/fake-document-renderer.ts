import type { DocumentFormat, DocumentRenderer, RenderOptions } from '../../src/ports/document-renderer.js';

/**
 * Renders `FAKE-<EXT>` followed by the text of the HTML, and one line per
 * image the resolver supplied: enough to check what a document would hold.
 */
export class FakeDocumentRenderer implements DocumentRenderer {
  readonly format: DocumentFormat;

  constructor(extension: 'pdf' | 'docx') {
    this.format = {
      extension,
      contentType: extension === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
  }

  async render(html: string, options: RenderOptions): Promise<Uint8Array> {
    const withoutCode = html.replace(/<(script|style)[^>]*>[\s\S]*?(<\/\1>|$)/gi, ' ');
    const lines = [`FAKE-${this.format.extension.toUpperCase()}`, withoutCode.replace(/<[^>]*>?/g, ' ').replace(/\s+/g, ' ').trim()];
    for (const [, src] of withoutCode.matchAll(/<img[^>]*\ssrc="([^"]*)"/gi)) {
      const image = src!.startsWith('data:') ? { contentType: 'data' } : await options.resolveImage(src!);
      if (image) lines.push(`image ${src!.slice(0, 40)} (${image.contentType})`);
    }
    return new TextEncoder().encode(lines.join('\n'));
  }
}
