/**
 * Makes CSS unable to load anything: a stored SVG is opened by browsers, and
 * a stylesheet in it could otherwise fetch from any host (tracking pixels,
 * `@import`ed styles, fonts). References inside the file (`url(#gradient)`)
 * stay: they are how SVG paints with gradients, patterns, masks and filters.
 */

/** CSS escapes (`\75 rl(` is `url(`) resolved first, so no spelling hides a reference. */
const unescape = (css: string): string =>
  css.replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\([^\n0-9a-f])/gi, (_match, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd) : char!,
  );

/** `url()` and the functions that load an image or font from a bare string. */
const LOADING_CALL = /\b(?:url|(?:-webkit-)?image-set|image|cross-fade|src)\s*\(/gi;

/** Where the call whose `(` is just before `start` ends: nested parentheses and quoted strings skipped. */
const endOfCall = (css: string, start: number): number => {
  let depth = 1;
  for (let i = start; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      const close = css.indexOf(char, i + 1);
      if (close === -1) return css.length;
      i = close;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i + 1;
  }
  return css.length;
};

/** Every loading call replaced by `none`, except `url()` of a fragment of this document. */
const withoutLoadingCalls = (css: string): string => {
  let out = '';
  let from = 0;
  for (let match = LOADING_CALL.exec(css); match; match = LOADING_CALL.exec(css)) {
    const argumentStart = match.index + match[0].length;
    const end = endOfCall(css, argumentStart);
    const local = /^url/i.test(match[0]) && /^\s*['"]?\s*#[^()'"]*['"]?\s*\)$/.test(css.slice(argumentStart, end));
    out += css.slice(from, match.index) + (local ? css.slice(match.index, end) : 'none');
    from = end;
    LOADING_CALL.lastIndex = end;
  }
  return out + css.slice(from);
};

/** True when `value` may hold something `neutraliseCss` would change. */
export const mayReference = (value: string): boolean => /url\s*\(|@import|\\|image|cross-fade|src\s*\(/i.test(value);

/** The CSS with every `@import` removed and every loading call but local `url(#…)` replaced by `none`. */
export const neutraliseCss = (css: string): string => withoutLoadingCalls(unescape(css).replace(/@import\b[^;]*(;|$)/gi, ''));
