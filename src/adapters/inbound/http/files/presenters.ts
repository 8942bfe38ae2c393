import type { SourceListing } from '../../../../application/files/list-files.js';
import { isImageName, type StoredEntry } from '../../../../domain/files/file-entry.js';
import { iconUrl } from './icons.js';

/**
 * A listing entry the way the Jodit file browser reads it. Images show their
 * thumbnail (or themselves), everything else an icon of this service.
 */
export const presentEntry = (entry: StoredEntry, thumbnails: ReadonlyMap<string, string>, iconsBase: string) => {
  const image = entry.kind === 'file' && isImageName(entry.name);
  return {
    file: entry.name.value,
    name: entry.name.value,
    type: entry.kind,
    size: entry.size,
    changed: entry.modifiedAt.toISOString(),
    isImage: image,
    ...(image
      ? { thumb: thumbnails.get(entry.name.value) ?? entry.name.value }
      : { thumb: iconUrl(iconsBase, entry.kind, entry.name.extension), thumbIsAbsolute: true }),
  };
};

export const presentListing = (listing: SourceListing, absoluteBaseUrl: string, iconsBase: string) => ({
  name: listing.source.name,
  title: listing.source.title,
  baseurl: absoluteBaseUrl,
  path: listing.path.toFolderString(),
  files: listing.entries.map((entry) => presentEntry(entry, listing.thumbnails, iconsBase)),
});
