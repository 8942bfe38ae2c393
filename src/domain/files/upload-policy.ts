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
}
