import { InvalidInputError } from '../errors.js';
import { isImageName, type StoredEntry } from './file-entry.js';

export type SortKey = 'name' | 'changed' | 'size';
export type SortOrder = 'asc' | 'desc';

/** The `mods` a client may send with `files`. */
export interface ListingOptions {
  withFolders: boolean;
  onlyImages: boolean;
  filterWord?: string;
  sortBy: { key: SortKey; order: SortOrder };
  offset: number;
  limit?: number;
}

export const DEFAULT_LISTING: ListingOptions = {
  withFolders: false,
  onlyImages: false,
  sortBy: { key: 'name', order: 'asc' },
  offset: 0,
};

export const parseSortBy = (raw: string | undefined): ListingOptions['sortBy'] => {
  if (!raw) return DEFAULT_LISTING.sortBy;
  const [key, order = 'asc'] = raw.split('-');
  if ((key !== 'name' && key !== 'changed' && key !== 'size') || (order !== 'asc' && order !== 'desc')) {
    throw new InvalidInputError('sortBy must be name|changed|size followed by -asc or -desc');
  }
  return { key, order };
};

// One collator for all comparisons: localeCompare with options builds one per call.
const collator = new Intl.Collator(undefined, { numeric: true });

const compare = {
  name: (a: StoredEntry, b: StoredEntry) => collator.compare(a.name.value, b.name.value),
  changed: (a: StoredEntry, b: StoredEntry) => a.modifiedAt.getTime() - b.modifiedAt.getTime(),
  size: (a: StoredEntry, b: StoredEntry) => a.size - b.size,
} satisfies Record<SortKey, (a: StoredEntry, b: StoredEntry) => number>;

/** Filters, sorts (folders first) and pages a folder's entries; hidden entries never show. */
export const applyListingOptions = (entries: readonly StoredEntry[], options: ListingOptions): StoredEntry[] => {
  const word = options.filterWord?.toLowerCase();
  const visible = entries.filter(
    (entry) =>
      !entry.name.isHidden &&
      (entry.kind === 'file' ? !options.onlyImages || isImageName(entry.name) : options.withFolders) &&
      (!word || entry.name.value.toLowerCase().includes(word)),
  );
  const direction = options.sortBy.order === 'asc' ? 1 : -1;
  visible.sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
    return direction * compare[options.sortBy.key](a, b) || compare.name(a, b);
  });
  const end = options.limit === undefined ? undefined : options.offset + options.limit;
  return visible.slice(options.offset, end);
};
