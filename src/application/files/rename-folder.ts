import { InvalidInputError, NotFoundError } from '../../domain/errors.js';
import { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import type { RenameInput } from './rename-file.js';
import { resolveSource } from './resolve-source.js';

/** Renames a folder in its parent, contents and all. */
export class RenameFolder {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
  ) {}

  async execute(input: RenameInput): Promise<SafePath> {
    const parent = SafePath.parse(input.path);
    const from = parent.join(FileName.parse(input.name));
    const newName = FileName.parse(input.newname);
    if (from.name!.isHidden || newName.isHidden) throw new InvalidInputError('Hidden folders cannot be renamed');
    const to = parent.join(newName);
    const source = resolveSource(this.sources, input.source);
    for (const target of [from, to]) {
      await this.checkPermission.execute({ role: input.role, permission: 'FOLDER_RENAME', target: { path: target } });
    }
    if ((await source.storage.stat(from))?.kind !== 'folder') throw new NotFoundError(`Folder "${from.name!.value}" not found`);
    await source.storage.move(from, to);
    return to;
  }
}
