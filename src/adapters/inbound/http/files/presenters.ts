import type { SourceListing } from '../../../../application/files/list-files.js';
import { isImageName, type StoredEntry } from '../../../../domain/files/file-entry.js';

/** A listing entry the way the Jodit file browser reads it. */
export const presentEntry = (entry: StoredEntry, thumbnails: ReadonlyMap<string, string> = new Map()) => ({
  file: entry.name.value,
  name: entry.name.value,
  type: entry.kind,
  size: entry.size,
  changed: entry.modifiedAt.toISOString(),
  isImage: entry.kind === 'file' && isImageName(entry.name),
  ...(entry.kind === 'file' && isImageName(entry.name) ? { thumb: thumbnails.get(entry.name.value) ?? entry.name.value } : {}),
});

export const presentListing = (listing: SourceListing, absoluteBaseUrl: string) => ({
  name: listing.source.name,
  title: listing.source.title,
  baseurl: absoluteBaseUrl,
  path: listing.path.toFolderString(),
  files: listing.entries.map((entry) => presentEntry(entry, listing.thumbnails)),
});
