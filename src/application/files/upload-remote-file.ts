import { InvalidInputError, TypeNotAllowedError } from '../../domain/errors.js';
import { isImageName } from '../../domain/files/file-entry.js';
import type { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import { fileNameFromSuggestion } from '../../domain/files/suggested-file-name.js';
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
    // Before any fetch: may the role put some file here (a rule limited to .txt counts; the name is checked once known).
    await this.checkPermission.execute({ role: input.role, permission: 'FILE_UPLOAD_REMOTE', target: { path: folder, anyExtension: true } });
    const remote = await this.fetcher.fetch(input.url.trim(), { maxBytes: this.limits.maxBytes });
    let name: FileName;
    try {
      name = fileNameFromSuggestion(remote.suggestedName);
      this.checkExtension(name);
      await this.checkPermission.execute({ role: input.role, permission: 'FILE_UPLOAD_REMOTE', target: { path: folder.join(name), extension: name.extension } });
    } catch (error) {
      remote.discard();
      throw error;
    }
    // A taken name becomes `name-1.ext`, `name-2.ext`, … chosen atomically by the storage.
    const stored = await source.storage.write(folder.join(name), remote.content, { maxBytes: this.limits.maxBytes, numberOnConflict: true });
    const isImage = isImageName(stored.path.name!);
    if (isImage) await this.thumbnails.refresh(source.storage, stored.path);
    const { storage: _storage, ...described } = source;
    return { source: described, folder, name: stored.path.name!, size: stored.size, isImage };
  }

  private checkExtension(name: FileName): void {
    const extension = name.extension;
    const allowed = this.limits.allowedExtensions.some((e) => e.toLowerCase() === extension);
    if (!extension || !allowed || this.limits.refusedExtensions.includes(extension)) {
      throw new TypeNotAllowedError(`Files of type "${extension || 'unknown'}" are not allowed`);
    }
  }
}
