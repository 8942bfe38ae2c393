import { TypeNotAllowedError } from '../errors.js';
import type { FileName } from './file-name.js';

/** Which files may be stored: by extension (case-insensitive) and size. */
export class UploadPolicy {
  private readonly extensions: ReadonlySet<string>;

  constructor(
    allowedExtensions: readonly string[],
    readonly maxFileSize: number,
  ) {
    this.extensions = new Set(allowedExtensions.map((e) => e.toLowerCase().replace(/^\./, '')));
  }

  /** Refuses a name without an allowed extension; the last extension is the one that counts (`x.php.jpg` is a jpg). */
  checkName(name: FileName): void {
    if (!name.extension || !this.extensions.has(name.extension)) {
      throw new TypeNotAllowedError(`Files of type "${name.extension || 'unknown'}" are not allowed`);
    }
  }

  /** A new name must be allowed too; and SVG is sanitised on upload, so a file of another type may not become one by a rename. */
  checkRename(from: FileName, to: FileName): void {
    this.checkName(to);
    if (to.extension === 'svg' && from.extension !== 'svg') {
      throw new TypeNotAllowedError('A file cannot be renamed to .svg: upload it as an SVG, so that it is sanitised');
    }
  }
}
