import type { SvgSanitizer } from '../../../ports/svg-sanitizer.js';

type Purifier = { sanitize(source: string, config: Record<string, unknown>): string };

/**
 * DOMPurify over a jsdom window, with the SVG profile: no scripts, no event
 * handlers, no `foreignObject`, no external `href`s. jsdom loads on first use.
 */
export class DompurifySvgSanitizer implements SvgSanitizer {
  private purifier?: Promise<Purifier>;

  async sanitize(svg: string): Promise<string> {
    this.purifier ??= Promise.all([import('jsdom'), import('dompurify')]).then(
      ([{ JSDOM }, { default: createDOMPurify }]) => createDOMPurify(new JSDOM('').window as never) as unknown as Purifier,
    );
    const purifier = await this.purifier;
    const clean = purifier.sanitize(svg.replace(/<!DOCTYPE[^>[]*(\[[^\]]*\])?>/gi, ''), {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['foreignObject', 'script', 'use'],
      FORBID_ATTR: ['xlink:href', 'href'],
    });
    return clean.startsWith('<svg') ? `<?xml version="1.0" encoding="UTF-8"?>\n${clean}` : '<svg xmlns="http://www.w3.org/2000/svg"/>';
  }
}
