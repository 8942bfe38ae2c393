import { InvalidInputError, NotFoundError } from '../../domain/errors.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { forEachItem, type ItemResults } from './item-results.js';
import type { MoveInput } from './move-files.js';
import { resolveSource } from './resolve-source.js';

/** Moves folders, contents and all, into another folder (never into themselves). */
export class MoveFolder {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
  ) {}

  async execute(input: MoveInput): Promise<ItemResults> {
    if (input.items.length === 0) throw new InvalidInputError('Name the folder to move');
    const dest = SafePath.parse(input.dest);
    const source = resolveSource(this.sources, input.source);
    return forEachItem(input.items, async (item) => {
      const from = SafePath.parse(item);
      if (!from.name || from.name.isHidden) throw new InvalidInputError('This folder cannot be moved');
      const to = dest.join(from.name);
      if (dest.isWithin(from)) throw new InvalidInputError('A folder cannot be moved into itself');
      for (const target of [from, to]) {
        await this.checkPermission.execute({ role: input.role, permission: 'FOLDER_MOVE', target: { path: target } });
      }
      if ((await source.storage.stat(from))?.kind !== 'folder') throw new NotFoundError(`Folder "${from.toString()}" not found`);
      if ((await source.storage.stat(dest))?.kind !== 'folder') throw new NotFoundError(`Folder "${dest.toString()}" not found`);
      await source.storage.move(from, to);
    });
  }
}
