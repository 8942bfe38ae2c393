import { FileName } from './file-name.js';

const MAX_BYTES = 200;

const trimToBytes = (value: string, max: number): string => {
  let result = value;
  while (new TextEncoder().encode(result).length > max) result = result.slice(0, -1);
  return result;
};

/**
 * A safe file name made from one offered by someone else (a remote server's
 * `Content-Disposition` or URL): path parts, control and look-alike
 * characters, percent signs and leading dots go; a name that is left empty or
 * still invalid becomes `fallback`. Never hidden, never a path.
 */
export const fileNameFromSuggestion = (raw: string, fallback = 'file'): FileName => {
  const last = raw.normalize('NFC').split(/[/\\]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex
  let cleaned = last.replace(/[\u0000-\u001F\u007F%]/gu, '_').replace(/[\u2024\u2025\u2026\u2215\u2044\u29F8\uFF0E\uFF0F\uFF3C\u2216\uFE52\u3002]/gu, '_');
  cleaned = cleaned.replace(/^[\s.]+/u, '').replace(/[\s.]+$/u, '');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot) : '';
  const stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
  cleaned = trimToBytes(stem, MAX_BYTES - new TextEncoder().encode(extension).length) + extension;
  try {
    return FileName.parse(cleaned);
  } catch {
    return FileName.parse(fallback);
  }
};

/** `photo.jpg`, `photo-1.jpg`, `photo-2.jpg`, … */
export const numberedName = (name: FileName, n: number): FileName =>
  n === 0 ? name : FileName.parse(name.extension ? `${name.stem}-${n}.${name.extension}` : `${name.value}-${n}`);
