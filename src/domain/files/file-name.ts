import { InvalidInputError } from '../errors.js';

const MAX_NAME_BYTES = 255;
// Characters that render as a dot or slash but are not one: refused so a name
// can never look like a path step to a person reading a listing or a log.
const LOOKALIKES = /[\u2024\u2025\u2026\u2215\u2044\u29F8\uFF0E\uFF0F\uFF3C\u2216\uFE52\u3002]/u;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/u;
// eslint-disable-next-line no-control-regex
const SUSPICIOUS = /[\u0000-\u001F\u007F/\\\u2024\u2025\u2026\u2215\u2044\u29F8\uFF0E\uFF0F\uFF3C\u2216\uFE52\u3002]|%(2e|2f|5c|00)|[. ]$|^ /iu;

/** A single file or folder name: never a path, never a way out of its folder. */
export class FileName {
  private constructor(readonly value: string) {}

  static parse(raw: unknown): FileName {
    if (typeof raw !== 'string') throw new InvalidInputError('A name is required');
    const value = raw.normalize('NFC');
    if (value.length === 0) throw new InvalidInputError('A name is required');
    if (value === '.' || value === '..') throw new InvalidInputError('Invalid name');
    // One combined test on the hot path (listings parse every name); the precise message only on failure.
    if (SUSPICIOUS.test(value)) FileName.explain(value);
    // A UTF-16 unit is at most 3 UTF-8 bytes, so short names need no encoding to check their length.
    if (value.length * 3 > MAX_NAME_BYTES && new TextEncoder().encode(value).length > MAX_NAME_BYTES) {
      throw new InvalidInputError('Name is too long');
    }
    return new FileName(value);
  }

  private static explain(value: string): never {
    if (value.includes('/') || value.includes('\\')) throw new InvalidInputError('A name cannot contain a path separator');
    if (CONTROL.test(value)) throw new InvalidInputError('A name cannot contain control characters');
    if (LOOKALIKES.test(value)) throw new InvalidInputError('A name cannot contain look-alike dots or slashes');
    if (/%(2e|2f|5c|00)/iu.test(value)) throw new InvalidInputError('A name cannot contain encoded dots or separators');
    throw new InvalidInputError('A name cannot start with a space or end with a dot or space');
  }

  /** Lower-case extension without the dot, or '' when there is none. */
  get extension(): string {
    const dot = this.value.lastIndexOf('.');
    return dot > 0 ? this.value.slice(dot + 1).toLowerCase() : '';
  }

  get stem(): string {
    const dot = this.value.lastIndexOf('.');
    return dot > 0 ? this.value.slice(0, dot) : this.value;
  }

  get isHidden(): boolean {
    return this.value.startsWith('.');
  }

  toString(): string {
    return this.value;
  }
}
