import { InvalidInputError, NotFoundError } from '../../domain/errors.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { forEachItem, type ItemResults } from './item-results.js';
import { resolveSource } from './resolve-source.js';
import type { Thumbnails } from './thumbnails.js';

export interface MoveInput {
  role: string;
  source?: string;
  /** Each item's path from the source root. */
  items: readonly string[];
  /** The destination folder. */
  dest: unknown;
}

/** Moves one or several files into a folder, each on its own (with its thumbnail). */
export class MoveFiles {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly thumbnails?: Thumbnails,
  ) {}

  async execute(input: MoveInput): Promise<ItemResults> {
    if (input.items.length === 0) throw new InvalidInputError('Name the files to move');
    const dest = SafePath.parse(input.dest);
    const source = resolveSource(this.sources, input.source);
    return forEachItem(input.items, async (item) => {
      const from = SafePath.parse(item);
      if (!from.name) throw new InvalidInputError('The root cannot be moved');
      const to = dest.join(from.name);
      for (const target of [from, to]) {
        await this.checkPermission.execute({ role: input.role, permission: 'FILE_MOVE', target: { path: target, extension: from.name.extension } });
      }
      if ((await source.storage.stat(from))?.kind !== 'file') throw new NotFoundError(`File "${from.toString()}" not found`);
      if (from.equals(to)) return;
      await source.storage.move(from, to);
      await this.thumbnails?.move(source.storage, from, to);
    });
  }
}
