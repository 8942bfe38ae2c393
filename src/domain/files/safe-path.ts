import { InvalidInputError } from '../errors.js';
import { FileName } from './file-name.js';

const MAX_PATH_LENGTH = 4096;

/**
 * A path relative to a source root. Built only from validated names, so it
 * cannot point outside its root: `..` steps are resolved and may not climb
 * above the root, and absolute, drive and encoded forms are refused.
 */
export class SafePath {
  static readonly root = new SafePath([]);

  private constructor(readonly segments: readonly FileName[]) {}

  static parse(raw: unknown): SafePath {
    if (raw === undefined || raw === null || raw === '') return SafePath.root;
    if (typeof raw !== 'string') throw new InvalidInputError('Path must be a string');
    if (raw.length > MAX_PATH_LENGTH) throw new InvalidInputError('Path is too long');
    if (raw.includes('\0')) throw new InvalidInputError('Path contains a NUL byte');
    if (raw.includes('\\')) throw new InvalidInputError('Path cannot contain backslashes');
    if (/^[a-z]:/iu.test(raw)) throw new InvalidInputError('Drive paths are not allowed');
    if (/^[a-z][a-z0-9+.-]*:\/\//iu.test(raw)) throw new InvalidInputError('Path cannot be a URL');
    const stack: FileName[] = [];
    for (const part of raw.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (stack.length === 0) throw new InvalidInputError('Path points outside the source');
        stack.pop();
        continue;
      }
      stack.push(FileName.parse(part));
    }
    return new SafePath(stack);
  }

  static of(...names: FileName[]): SafePath {
    return new SafePath(names);
  }

  get isRoot(): boolean {
    return this.segments.length === 0;
  }

  get name(): FileName | undefined {
    return this.segments.at(-1);
  }

  get parent(): SafePath {
    return new SafePath(this.segments.slice(0, -1));
  }

  join(name: FileName): SafePath {
    return new SafePath([...this.segments, name]);
  }

  /** True when this path is `ancestor` or lies below it, on segment boundaries. */
  isWithin(ancestor: SafePath): boolean {
    if (ancestor.segments.length > this.segments.length) return false;
    return ancestor.segments.every((segment, i) => segment.value === this.segments[i]?.value);
  }

  equals(other: SafePath): boolean {
    return this.segments.length === other.segments.length && this.isWithin(other);
  }

  /** `a/b` — no leading or trailing slash; '' for the root. */
  toString(): string {
    return this.segments.map((s) => s.value).join('/');
  }

  /** `a/b/` as the Jodit client expects folder paths; '' for the root. */
  toFolderString(): string {
    return this.isRoot ? '' : `${this.toString()}/`;
  }
}
