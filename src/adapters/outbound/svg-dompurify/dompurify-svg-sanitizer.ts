import type { SvgSanitizer } from '../../../ports/svg-sanitizer.js';
import { mayReference, neutraliseCss } from './css-references.js';

interface HookData {
  tagName?: string;
  attrValue?: string;
}
type Purifier = {
  sanitize(source: string, config: Record<string, unknown>): string;
  addHook(entryPoint: 'uponSanitizeElement' | 'uponSanitizeAttribute', hook: (node: { textContent: string | null }, data: HookData) => void): void;
};

/** CSS can load from other hosts too: in `<style>` elements, `style` and presentation attributes (`fill="url(…)"`). */
const withoutCssReferences = (purifier: Purifier): Purifier => {
  purifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent && mayReference(node.textContent)) node.textContent = neutraliseCss(node.textContent);
  });
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrValue && mayReference(data.attrValue)) data.attrValue = neutraliseCss(data.attrValue);
  });
  return purifier;
};

/**
 * DOMPurify over a jsdom window, with the SVG profile: no scripts, no event
 * handlers, no `foreignObject`, no external `href`s, no CSS that loads
 * anything. jsdom loads on first use.
 */
export class DompurifySvgSanitizer implements SvgSanitizer {
  private purifier?: Promise<Purifier>;

  async sanitize(svg: string): Promise<string> {
    this.purifier ??= Promise.all([import('jsdom'), import('dompurify')]).then(
      ([{ JSDOM }, { default: createDOMPurify }]) => withoutCssReferences(createDOMPurify(new JSDOM('').window as never) as unknown as Purifier),
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
