import { InvalidInputError, TypeNotAllowedError } from '../../domain/errors.js';
import { isImageName } from '../../domain/files/file-entry.js';
import type { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import { fileNameFromSuggestion, numberedName } from '../../domain/files/suggested-file-name.js';
import type { FileSource, FileSources } from '../../ports/file-sources.js';
import type { RemoteFetcher } from '../../ports/remote-fetcher.js';
import type { CheckPermission } from './check-permission.js';
import { resolveSource } from './resolve-source.js';
import type { Thumbnails } from './thumbnails.js';

export interface UploadRemoteFileInput {
  role: string;
  source?: string;
  path?: string;
  url: unknown;
}

export interface UploadedRemoteFile {
  source: Omit<FileSource, 'storage'>;
  folder: SafePath;
  name: FileName;
  size: number;
  isImage: boolean;
}

export interface RemoteUploadLimits {
  maxBytes: number;
  allowedExtensions: readonly string[];
  /** Types that could carry script and are refused from a URL (no sanitiser runs on this path). */
  refusedExtensions: readonly string[];
}

/** Downloads a file a user names by URL into a folder, under the same rules as an upload. */
export class UploadRemoteFile {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly fetcher: RemoteFetcher,
    private readonly thumbnails: Thumbnails,
    private readonly limits: RemoteUploadLimits,
  ) {}

  async execute(input: UploadRemoteFileInput): Promise<UploadedRemoteFile> {
    if (typeof input.url !== 'string' || input.url.trim() === '') throw new InvalidInputError('The url parameter is required');
    const folder = SafePath.parse(input.path);
    const source = resolveSource(this.sources, input.source);
    await this.checkPermission.execute({ role: input.role, permission: 'FILE_UPLOAD_REMOTE', target: { path: folder } });
    const remote = await this.fetcher.fetch(input.url.trim(), { maxBytes: this.limits.maxBytes });
    let name: FileName;
    try {
      name = fileNameFromSuggestion(remote.suggestedName);
      this.checkExtension(name);
      await this.checkPermission.execute({ role: input.role, permission: 'FILE_UPLOAD_REMOTE', target: { path: folder, extension: name.extension } });
      name = await this.freeName(source, folder, name);
    } catch (error) {
      remote.discard();
      throw error;
    }
    const target = folder.join(name);
    const { size } = await source.storage.write(target, remote.content, { maxBytes: this.limits.maxBytes });
    const isImage = isImageName(name);
    if (isImage) await this.thumbnails.refresh(source.storage, target);
    const { storage: _storage, ...described } = source;
    return { source: described, folder, name, size, isImage };
  }

  private checkExtension(name: FileName): void {
    const extension = name.extension;
    const allowed = this.limits.allowedExtensions.some((e) => e.toLowerCase() === extension);
    if (!extension || !allowed || this.limits.refusedExtensions.includes(extension)) {
      throw new TypeNotAllowedError(`Files of type "${extension || 'unknown'}" are not allowed`);
    }
  }

  /** The first of `name`, `name-1`, … not taken; a race with another writer still ends in 409, never an overwrite. */
  private async freeName(source: FileSource, folder: SafePath, name: FileName): Promise<FileName> {
    for (let n = 0; n < 1000; n++) {
      const candidate = numberedName(name, n);
      if (!(await source.storage.stat(folder.join(candidate)))) return candidate;
    }
    throw new InvalidInputError('Too many files with this name');
  }
}
