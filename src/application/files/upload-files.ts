import { DomainError } from '../../domain/errors.js';
import { isImageName } from '../../domain/files/file-entry.js';
import { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { UploadPolicy } from '../../domain/files/upload-policy.js';
import type { FileSource, FileSources } from '../../ports/file-sources.js';
import type { MarkupMeter } from '../../ports/markup-meter.js';
import type { Metrics } from '../../ports/metrics.js';
import type { SvgSanitizer } from '../../ports/svg-sanitizer.js';
import { checkMarkup } from './check-markup.js';
import type { CheckPermission } from './check-permission.js';
import { once, readBounded } from './read-bounded.js';
import { resolveSource } from './resolve-source.js';
import type { Thumbnails } from './thumbnails.js';

/** One file as it arrives, still streaming. */
export interface IncomingFile {
  name: string;
  content: AsyncIterable<Uint8Array>;
  /** Throws the rest of a refused file away so the next one can be read. */
  discard(): Promise<void>;
}

export interface UploadFilesInput {
  role: string;
  source?: string;
  path?: string;
  files: AsyncIterable<IncomingFile>;
}

export interface UploadResult {
  source: Omit<FileSource, 'storage'>;
  folder: SafePath;
  stored: { path: SafePath; isImage: boolean; size: number }[];
  failed: { name: string; error: DomainError }[];
}

/**
 * Streams each file straight into storage under the upload rules: allowed
 * type (415), size limit while streaming (413), a number added to a taken
 * name, SVG sanitised (and refused, 413, when nested too deep to parse
 * safely). A refused file leaves nothing behind and does not stop the others.
 */
export class UploadFiles {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly policy: UploadPolicy,
    private readonly svg: SvgSanitizer,
    private readonly meter: MarkupMeter,
    private readonly metrics?: Metrics,
    private readonly thumbnails?: Thumbnails,
  ) {}

  async execute(input: UploadFilesInput): Promise<UploadResult> {
    const folder = SafePath.parse(input.path);
    const source = resolveSource(this.sources, input.source);
    await this.checkPermission.execute({ role: input.role, permission: 'FILE_UPLOAD', target: { path: folder, anyExtension: true } });
    const result: UploadResult = { source: describe(source), folder, stored: [], failed: [] };
    for await (const file of input.files) {
      try {
        result.stored.push(await this.storeOne(input.role, source, folder, file));
      } catch (error) {
        await file.discard();
        if (!(error instanceof DomainError)) throw error;
        result.failed.push({ name: file.name, error });
      }
    }
    return result;
  }

  private async storeOne(role: string, source: FileSource, folder: SafePath, file: IncomingFile) {
    const name = FileName.parse(file.name);
    this.policy.checkName(name);
    await this.checkPermission.execute({ role, permission: 'FILE_UPLOAD', target: { path: folder.join(name), extension: name.extension } });
    const content = name.extension === 'svg' ? once(await this.sanitized(file.content)) : file.content;
    const { path, size } = await source.storage.write(folder.join(name), content, { maxBytes: this.policy.maxFileSize, numberOnConflict: true });
    this.metrics?.uploadBytes(size);
    const isImage = isImageName(path.name!);
    if (isImage) await this.thumbnails?.refresh(source.storage, path);
    return { path, isImage, size };
  }

  private async sanitized(content: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
    const text = new TextDecoder().decode(await readBounded(content, this.policy.maxFileSize));
    await checkMarkup(this.meter, text);
    return new TextEncoder().encode(await this.svg.sanitize(text));
  }
}

const describe = ({ storage: _storage, ...rest }: FileSource) => rest;
