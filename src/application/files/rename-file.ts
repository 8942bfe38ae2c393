import { AlreadyExistsError, NotFoundError } from '../../domain/errors.js';
import { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { UploadPolicy } from '../../domain/files/upload-policy.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { resolveSource } from './resolve-source.js';
import type { Thumbnails } from './thumbnails.js';

export interface RenameInput {
  role: string;
  source?: string;
  path?: string;
  name: unknown;
  newname: unknown;
}

/** Renames a file in its folder; the new name must be a type that could be uploaded. */
export class RenameFile {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly policy: UploadPolicy,
    private readonly thumbnails?: Thumbnails,
  ) {}

  async execute(input: RenameInput): Promise<SafePath> {
    const folder = SafePath.parse(input.path);
    const from = folder.join(FileName.parse(input.name));
    const newName = FileName.parse(input.newname);
    const to = folder.join(newName);
    const source = resolveSource(this.sources, input.source);
    for (const target of [from, to]) {
      await this.checkPermission.execute({ role: input.role, permission: 'FILE_RENAME', target: { path: target, extension: target.name!.extension } });
    }
    this.policy.checkRename(from.name!, newName);
    if ((await source.storage.stat(from))?.kind !== 'file') throw new NotFoundError(`File "${from.name!.value}" not found`);
    if (from.equals(to)) return to;
    if (await source.storage.stat(to)) throw new AlreadyExistsError(`"${newName.value}" already exists`);
    await source.storage.move(from, to);
    await this.thumbnails?.move(source.storage, from, to);
    return to;
  }
}
