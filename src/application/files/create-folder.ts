import { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { resolveSource } from './resolve-source.js';

export interface CreateFolderInput {
  role: string;
  source?: string;
  /** The parent folder. */
  path?: string;
  name: unknown;
}

export class CreateFolder {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
  ) {}

  async execute(input: CreateFolderInput): Promise<SafePath> {
    const target = SafePath.parse(input.path).join(FileName.parse(input.name));
    const source = resolveSource(this.sources, input.source);
    await this.checkPermission.execute({ role: input.role, permission: 'FOLDER_CREATE', target: { path: target } });
    await source.storage.createFolder(target);
    return target;
  }
}
