import { NotFoundError } from '../../domain/errors.js';
import type { StoredEntry } from '../../domain/files/file-entry.js';
import { DEFAULT_LISTING, applyListingOptions, type ListingOptions } from '../../domain/files/listing.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSource, FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { resolveSourcesForListing } from './resolve-source.js';
import type { Thumbnails } from './thumbnails.js';

export interface ListFilesInput {
  role: string;
  source?: string;
  path?: string;
  options?: Partial<ListingOptions>;
}

export interface SourceListing {
  source: Omit<FileSource, 'storage'>;
  path: SafePath;
  entries: StoredEntry[];
  /** Image name → its thumbnail's path relative to the folder (`.thumbs/cat.jpg`), for images that have one. */
  thumbnails: ReadonlyMap<string, string>;
}

/**
 * Lists a folder in one source, or in every source the role may list when no
 * source is named (the Jodit client's first call).
 */
export class ListFiles {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly thumbnails?: Thumbnails,
  ) {}

  async execute(input: ListFilesInput): Promise<SourceListing[]> {
    const path = SafePath.parse(input.path);
    const options = { ...DEFAULT_LISTING, ...input.options };
    const sources = resolveSourcesForListing(this.sources, input.source);
    await this.checkPermission.execute({ role: input.role, permission: 'FILES', target: { path } });
    return Promise.all(sources.map((source) => this.listOne(source, path, options)));
  }

  private async listOne(source: FileSource, path: SafePath, options: ListingOptions): Promise<SourceListing> {
    const folder = await source.storage.stat(path);
    if (!path.isRoot && folder?.kind !== 'folder') throw new NotFoundError(`Folder "${path.toString()}" not found`);
    const { storage: _storage, ...described } = source;
    const entries = applyListingOptions(await source.storage.list(path), options);
    const thumbnails = this.thumbnails ? await this.thumbnails.forListing(source.storage, path, entries) : new Map<string, string>();
    return { source: described, path, entries, thumbnails };
  }
}
