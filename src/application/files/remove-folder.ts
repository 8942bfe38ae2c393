import { InvalidInputError, NotFoundError } from '../../domain/errors.js';
import { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { resolveSource } from './resolve-source.js';

export interface RemoveFolderInput {
  role: string;
  source?: string;
  /** The parent folder. */
  path?: string;
  name: unknown;
}

/** Removes a folder and everything in it. */
export class RemoveFolder {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
  ) {}

  async execute(input: RemoveFolderInput): Promise<SafePath> {
    const name = FileName.parse(input.name);
    if (name.isHidden) throw new InvalidInputError('Hidden folders cannot be removed');
    const target = SafePath.parse(input.path).join(name);
    const source = resolveSource(this.sources, input.source);
    await this.checkPermission.execute({ role: input.role, permission: 'FOLDER_REMOVE', target: { path: target } });
    if ((await source.storage.stat(target))?.kind !== 'folder') throw new NotFoundError(`Folder "${name.value}" not found`);
    await source.storage.removeFolder(target);
    return target;
  }
}
