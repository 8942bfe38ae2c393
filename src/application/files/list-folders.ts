import { NotFoundError } from '../../domain/errors.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSource, FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { resolveSourcesForListing } from './resolve-source.js';

export interface ListFoldersInput {
  role: string;
  source?: string;
  path?: string;
}

export interface FolderListing {
  source: Omit<FileSource, 'storage'>;
  path: SafePath;
  /** `.` first at the root and `..` first below it (the Jodit tree's way up), then the sub-folders by name. */
  folders: string[];
}

const collator = new Intl.Collator(undefined, { numeric: true });

/** The folder tree one level at a time, for the file browser's side panel. */
export class ListFolders {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
  ) {}

  async execute(input: ListFoldersInput): Promise<FolderListing[]> {
    const path = SafePath.parse(input.path);
    await this.checkPermission.execute({ role: input.role, permission: 'FOLDERS', target: { path } });
    return Promise.all(resolveSourcesForListing(this.sources, input.source).map((source) => this.listOne(source, path)));
  }

  private async listOne(source: FileSource, path: SafePath): Promise<FolderListing> {
    if (!path.isRoot && (await source.storage.stat(path))?.kind !== 'folder') throw new NotFoundError(`Folder "${path.toString()}" not found`);
    const names = (await source.storage.list(path))
      .filter((entry) => entry.kind === 'folder' && !entry.name.isHidden)
      .map((entry) => entry.name.value)
      .sort(collator.compare);
    const { storage: _storage, ...described } = source;
    return { source: described, path, folders: [path.isRoot ? '.' : '..', ...names] };
  }
}
