import { NotFoundError } from '../../domain/errors.js';
import { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { resolveSource } from './resolve-source.js';

export interface DownloadFileInput {
  role: string;
  source?: string;
  path?: string;
  name: unknown;
}

export interface Download {
  name: FileName;
  size: number;
  modifiedAt: Date;
  content: AsyncIterable<Uint8Array>;
}

/** Opens a file for streaming to the client. */
export class DownloadFile {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
  ) {}

  async execute(input: DownloadFileInput): Promise<Download> {
    const name = FileName.parse(input.name);
    const target = SafePath.parse(input.path).join(name);
    const source = resolveSource(this.sources, input.source);
    await this.checkPermission.execute({ role: input.role, permission: 'FILE_DOWNLOAD', target: { path: target, extension: name.extension } });
    const entry = await source.storage.stat(target);
    if (entry?.kind !== 'file' || name.isHidden) throw new NotFoundError(`File "${name.value}" not found`);
    return { name, size: entry.size, modifiedAt: entry.modifiedAt, content: await source.storage.read(target) };
  }
}
