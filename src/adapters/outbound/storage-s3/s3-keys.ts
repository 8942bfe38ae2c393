import type { SafePath } from '../../../domain/files/safe-path.js';

/**
 * Maps source paths to object keys under one prefix. Every key this source
 * touches starts with the prefix, and SafePath segments never contain `/`,
 * so no path can reach a key of another prefix.
 */
export class S3Keys {
  /** '' (the whole bucket) or `a/b/`. */
  readonly prefix: string;

  constructor(prefix: string) {
    const segments = prefix.split('/').filter(Boolean);
    if (segments.some((s) => s === '.' || s === '..')) throw new Error('An S3 prefix cannot contain "." or ".." segments');
    this.prefix = segments.length === 0 ? '' : `${segments.join('/')}/`;
  }

  /** The object key of a file. */
  file(path: SafePath): string {
    return this.prefix + path.toString();
  }

  /** The key prefix of a folder's contents, which is also its marker object's key. */
  folder(path: SafePath): string {
    return this.prefix + path.toFolderString();
  }

  /** The path below `folder` a key under it stands for (`sub/file.txt`). */
  relative(folderPrefix: string, key: string): string {
    return key.slice(folderPrefix.length);
  }
}

/** URL-encodes a key for `CopySource`, keeping the separators. */
export const copySource = (bucket: string, key: string): string =>
  `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
