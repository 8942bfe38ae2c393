/** An image the renderer may embed: bytes and their media type. */
export interface ResolvedImage {
  data: Uint8Array;
  contentType: string;
}

/**
 * Turns an `<img src>` that is not a `data:` URI into bytes, or `undefined`
 * to drop the image. The use case supplies it (files of a configured source,
 * read through the storage port): a renderer never fetches anything itself.
 */
export type ImageResolver = (src: string) => Promise<ResolvedImage | undefined>;

export interface RenderOptions {
  resolveImage: ImageResolver;
  title?: string;
}

export interface DocumentFormat {
  extension: 'pdf' | 'docx';
  contentType: string;
}

/**
 * HTML in, a document out. Renders what it can of malformed HTML; keeps
 * headings, paragraphs, bold/italic/underline, lists, tables, links and
 * images; drops scripts, styles, frames and every image the resolver does not
 * supply. No network access while rendering. The output is one buffer: its
 * size follows from the input, which the caller has already bounded.
 */
export interface DocumentRenderer {
  readonly format: DocumentFormat;
  render(html: string, options: RenderOptions): Promise<Uint8Array>;
}
