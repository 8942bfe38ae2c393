import fc from 'fast-check';

/**
 * Strings that try to leave a source root, by every spelling we know of. The
 * fixture they aim at has `outside.txt` and `secrets/secret.txt` beside the
 * root, and inside it `link-out` (a symlink to `secrets`), `sub/link-up` (a
 * symlink to the folder holding the root), `link-file.txt` (a symlink to
 * `outside.txt`) and `hard.txt` (a hard link to a file outside).
 */
export const PATH_ATTACKS: readonly string[] = [
  // plain dot-dot
  '..', '../', '../..', '../../etc', '../outside.txt', '/../outside.txt', 'sub/../../outside.txt', 'sub/../..', './../outside.txt', 'sub/./../..',
  '....//outside.txt', '.../outside.txt', '. ./outside.txt', '.. /outside.txt', 'sub/.. ', '..;/outside.txt', '..?/outside.txt', '..#/outside.txt',
  // backslashes and UNC
  '..\\outside.txt', '..\\..\\windows', 'sub\\..\\..\\outside.txt', '\\\\server\\share', '\\..\\outside.txt', '..\\/outside.txt',
  // encoded, double-encoded, mixed
  '%2e%2e', '%2e%2e/outside.txt', '%2e%2e%2foutside.txt', '..%2foutside.txt', '%2E%2E%2Foutside.txt', '..%5coutside.txt', '%2e%2e%5coutside.txt',
  '%252e%252e/outside.txt', '..%252foutside.txt', '%25252e%25252e/outside.txt', '.%2e/outside.txt', '%2e./outside.txt', '%u002e%u002e/outside.txt',
  // overlong and invalid UTF-8
  '%c0%ae%c0%ae/outside.txt', '..%c0%afoutside.txt', '%c0%2e%c0%2e/outside.txt', '%e0%80%ae%e0%80%ae/outside.txt', '..%c1%9coutside.txt',
  '%f0%80%80%ae%f0%80%80%ae/outside.txt', '\u00c0\u00ae\u00c0\u00ae/outside.txt', '..\u00c0\u00afoutside.txt',
  // Unicode look-alike dots and slashes
  '\u2025/outside.txt', '\uFF0E\uFF0E/outside.txt', '..\uFF0Foutside.txt', '..\u2215outside.txt', '..\u2044outside.txt', '\u3002\u3002/outside.txt',
  '\uFE52\uFE52/outside.txt', '\u2024\u2024/outside.txt', '..\u29F8outside.txt', '..\uFF3Coutside.txt', '..\u2216outside.txt', '.\u0338./outside.txt',
  // absolute, drive, URL, home
  '/etc/passwd', '/proc/self/environ', 'C:\\Windows\\win.ini', 'C:/Windows/win.ini', 'c:', 'C:outside.txt', 'file:///etc/passwd', 'file://localhost/etc/passwd',
  '~/outside.txt', '~root', '$HOME/outside.txt', '${HOME}/outside.txt', '//etc/passwd', '///outside.txt',
  // NUL and control characters
  'sub/\u0000/x', 'outside.txt\u0000.jpg', '%00', '..%00/outside.txt', 'outside.txt%00.txt', '\u0000', '..\u0000', 'sub\r\n../outside.txt', '..\t/outside.txt',
  // trailing dots and spaces (Windows strips them), alternate streams, device names
  'sub.', 'sub ', '.. .', '... ', 'outside.txt.', 'outside.txt ', 'outside.txt::$DATA', 'CON', 'nul.txt', 'sub/..:',
  // very long
  'a'.repeat(255), 'a'.repeat(256), `${'\u00e9'.repeat(128)}.txt`, 'a'.repeat(5000), '../'.repeat(2000), 'sub/'.repeat(1100), `${'x/'.repeat(50)}../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../outside.txt`,
  // links inside the root that lead out
  'link-out', 'link-out/secret.txt', 'link-out/', 'link-out/../outside.txt', 'sub/link-up', 'sub/link-up/outside.txt', 'sub/link-up/secrets/secret.txt', 'link-file.txt', 'hard.txt',
];

const SEGMENTS = [
  '..', '.', '...', '%2e%2e', '%2e', '%252e%252e', '.%2e', '%c0%ae%c0%ae', '\uFF0E\uFF0E', '\u2025', '\u3002', '\uFE52\uFE52', 'sub', 'link-out', 'link-file.txt',
  'hard.txt', 'outside.txt', 'secret.txt', 'secrets', 'sub/link-up', 'etc', 'passwd', 'C:', '~', '\u0000', '%00', ' ', '.. ', '..\u0000', 'inside.txt', 'pic.png',
];
const SEPARATORS = ['/', '\\', '%2f', '%5c', '%252f', '\uFF0F', '\u2215', '\u2044', '//', '/./', '%c0%af'];
const PREFIXES = ['', '', '', '/', '\\', 'C:', 'C:\\', '\\\\host\\', 'file://', '~/', './'];
const SUFFIXES = ['', '', '', '/', '.', ' ', '\u0000', '%00', '::$DATA', '\u0000.png', '%20'];

const encodeSome = (text: string, picks: readonly number[]): string =>
  [...text]
    .map((char, i) => {
      const pick = picks[i % picks.length]!;
      try {
        if (pick === 1) return encodeURIComponent(char);
        if (pick === 2) return encodeURIComponent(encodeURIComponent(char));
      } catch {
        // a lone surrogate has no UTF-8 form: it goes as it is
      }
      return char;
    })
    .join('');

/**
 * Generated attack strings: hostile segments (dots, encodings, look-alikes,
 * links of the fixture, NUL) joined by hostile separators, with absolute or
 * drive prefixes and Windows-style suffixes, some characters percent-encoded
 * once or twice, now and then with arbitrary Unicode mixed in.
 */
export const pathAttackArbitrary = (absolutePrefix?: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom(...PREFIXES, ...(absolutePrefix ? [`${absolutePrefix}/`] : [])),
      fc.array(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...SEGMENTS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) }), { minLength: 1, maxLength: 7 }),
      fc.array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 7 }),
      fc.constantFrom(...SUFFIXES),
      fc.oneof(fc.constant([0]), fc.array(fc.constantFrom(0, 0, 0, 0, 0, 1, 2), { minLength: 1, maxLength: 16 })),
    )
    .map(([prefix, segments, separators, suffix, picks]) => {
      const joined = segments.map((segment, i) => (i === 0 ? segment : separators[i % separators.length] + segment)).join('');
      return encodeSome(prefix + joined + suffix, picks);
    });
