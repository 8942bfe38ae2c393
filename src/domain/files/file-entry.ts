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

/** Raster images a thumbnail can be made of (a vector image is its own thumbnail). */
const THUMBNAIL_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'tif', 'tiff']);

export const canThumbnail = (name: FileName): boolean => THUMBNAIL_EXTENSIONS.has(name.extension);

/** The hidden folder, beside the images, that holds their thumbnails under the same names. */
export const THUMBNAIL_FOLDER = '.thumbs';
