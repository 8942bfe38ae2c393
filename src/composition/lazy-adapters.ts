import type { DocumentFormat, DocumentRenderer } from '../ports/document-renderer.js';
import type { SvgSanitizer } from '../ports/svg-sanitizer.js';

/*
 * jsdom, pdfmake and the DOCX writers take seconds to import, and most
 * processes (a command-line listing, a server that never renders a document)
 * never use them: these stand-ins import the adapter's module on first use.
 */

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
};

export const lazyDocumentRenderer = (format: DocumentFormat, load: () => Promise<DocumentRenderer>): DocumentRenderer => {
  const renderer = once(load);
  return { format, render: async (html, options) => (await renderer()).render(html, options) };
};

export const lazySvgSanitizer = (load: () => Promise<SvgSanitizer>): SvgSanitizer => {
  const sanitizer = once(load);
  return { sanitize: async (svg) => (await sanitizer()).sanitize(svg) };
};
