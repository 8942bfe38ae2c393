import { InvalidInputError, NotFoundError } from '../../domain/errors.js';
import { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { forEachItem, type ItemResults } from './item-results.js';
import { resolveSource } from './resolve-source.js';
import type { Thumbnails } from './thumbnails.js';

export interface RemoveFilesInput {
  role: string;
  source?: string;
  path?: string;
  names: readonly string[];
}

/** Removes one or several files of a folder, each on its own (with its thumbnail). */
export class RemoveFiles {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly thumbnails?: Thumbnails,
  ) {}

  async execute(input: RemoveFilesInput): Promise<ItemResults> {
    if (input.names.length === 0) throw new InvalidInputError('The name parameter is required');
    const folder = SafePath.parse(input.path);
    const source = resolveSource(this.sources, input.source);
    return forEachItem(input.names, async (raw) => {
      const name = FileName.parse(raw);
      const target = folder.join(name);
      await this.checkPermission.execute({ role: input.role, permission: 'FILE_REMOVE', target: { path: target, extension: name.extension } });
      if ((await source.storage.stat(target))?.kind !== 'file') throw new NotFoundError(`File "${name.value}" not found`);
      await source.storage.remove(target);
      await this.thumbnails?.remove(source.storage, target);
    });
  }
}
