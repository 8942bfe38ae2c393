import type { FileName } from './file-name.js';

export type EntryKind = 'file' | 'folder';

/** What storage knows about one item in a folder. */
export interface StoredEntry {
  name: FileName;
  kind: EntryKind;
  size: number;
  modifiedAt: Date;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'svg', 'tif', 'tiff', 'ico']);

export const isImageName = (name: FileName): boolean => IMAGE_EXTENSIONS.has(name.extension);
