import type { JSDOM } from 'jsdom';
import type { ImageResolver } from '../../../ports/document-renderer.js';

/** Elements that would run, load or embed something; they go, with their content. */
const DROPPED = 'script, style, link, meta, base, iframe, frame, frameset, object, embed, svg, math, video, audio, source, track, picture, canvas, form, template, noscript';

const IMAGE_TYPES: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};

const fromDataUri = (src: string): { data: Uint8Array; contentType: string } | undefined => {
  const match = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(src.trim());
  return match ? { contentType: match[1]!.toLowerCase(), data: Buffer.from(match[2]!, 'base64') } : undefined;
};

/**
 * Parses the HTML (jsdom never loads resources or runs scripts unless told
 * to), drops what could load or run anything, and turns every image into a
 * `data:` URI of a PNG or JPEG — the only kinds pdfmake embeds — or drops it.
 */
export const preparePdfHtml = async (html: string, resolveImage: ImageResolver): Promise<JSDOM> => {
  // jsdom is loaded on first use: it is large, and most requests never render a document.
  const { JSDOM: Dom } = await import('jsdom');
  const dom = new Dom(html);
  const { document } = dom.window;
  document.querySelectorAll(DROPPED).forEach((element) => element.remove());
  for (const element of document.querySelectorAll('[style]')) {
    if (/url\s*\(|expression\s*\(|@import/i.test(element.getAttribute('style') ?? '')) element.removeAttribute('style');
  }
  for (const image of [...document.querySelectorAll('img')]) {
    const src = image.getAttribute('src') ?? '';
    const resolved = src.startsWith('data:') ? fromDataUri(src) : await resolveImage(src).catch(() => undefined);
    const check = resolved && IMAGE_TYPES[resolved.contentType];
    if (!resolved || !check?.(resolved.data)) {
      image.remove();
      continue;
    }
    image.setAttribute('src', `data:${resolved.contentType};base64,${Buffer.from(resolved.data).toString('base64')}`);
    image.removeAttribute('srcset');
  }
  return dom;
};
