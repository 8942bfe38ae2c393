import { InvalidInputError, NotFoundError, TypeNotAllowedError } from '../../domain/errors.js';
import { isImageName } from '../../domain/files/file-entry.js';
import { FileName } from '../../domain/files/file-name.js';
import type { Permission } from '../../domain/files/permission.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileSource, FileSources } from '../../ports/file-sources.js';
import type { ProcessedImage } from '../../ports/image-processor.js';
import type { CheckPermission } from './check-permission.js';
import { once, readBounded } from './read-bounded.js';
import { resolveSource } from './resolve-source.js';
import type { Thumbnails } from './thumbnails.js';

export interface ImageEditInput {
  role: string;
  source?: string;
  path?: string;
  name: string;
  /** The result's name; omitted or equal to `name`, the image is replaced in place. */
  newname?: string;
  box: { x?: unknown; y?: unknown; w?: unknown; h?: unknown };
}

export interface ImageEditResult {
  source: Omit<FileSource, 'storage'>;
  folder: SafePath;
  name: FileName;
  width: number;
  height: number;
}

export interface ImageEditLimits {
  maxDimension: number;
  /** Images are read whole; larger files are refused (413). */
  maxInputBytes: number;
}

const SAME_TYPE: Record<string, string> = { jpeg: 'jpg' };
const sameType = (a: string, b: string) => (SAME_TYPE[a] ?? a) === (SAME_TYPE[b] ?? b);

/** The steps resize and crop share: find and check, read bounded, write the result atomically, refresh its thumbnail. */
export class ImageEdit {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly thumbnails: Thumbnails,
    readonly limits: ImageEditLimits,
  ) {}

  async run(input: ImageEditInput, permission: Permission, edit: (image: Uint8Array) => Promise<ProcessedImage>): Promise<ImageEditResult> {
    const folder = SafePath.parse(input.path);
    const name = FileName.parse(input.name);
    const target = this.targetName(name, input.newname);
    const source = resolveSource(this.sources, input.source);
    const original = folder.join(name);
    const destination = folder.join(target);
    // Both files, like a rename: a rule about one image (`pics/logo.png`) holds for it, and for a result written over it.
    for (const file of [original, destination]) {
      await this.checkPermission.execute({ role: input.role, permission, target: { path: file, extension: file.name!.extension } });
    }
    if (!isImageName(name)) throw new TypeNotAllowedError(`"${name.value}" is not an image`);
    if ((await source.storage.stat(original))?.kind !== 'file') throw new NotFoundError(`File "${original.toString()}" not found`);
    const bytes = await readBounded(await source.storage.read(original), this.limits.maxInputBytes);
    const result = await edit(bytes);
    // A new name is never taken over (409); replacing the original goes through a temporary file and a rename: readers see the old image or the new one, never half of one.
    await source.storage.write(destination, once(result.data), { overwrite: target.value === name.value });
    await this.thumbnails.refresh(source.storage, destination, result.data);
    const { storage: _storage, ...described } = source;
    return { source: described, folder, name: target, width: result.info.width, height: result.info.height };
  }

  /** `newname` without an extension takes the original's; another image type is refused (the bytes keep their format). */
  private targetName(name: FileName, newname: string | undefined): FileName {
    if (newname === undefined || newname.trim() === '') return name;
    let target = FileName.parse(newname.trim());
    if (!target.extension) target = FileName.parse(`${target.value}.${name.extension}`);
    if (!sameType(target.extension, name.extension)) {
      throw new InvalidInputError(`The new name must keep the .${name.extension} extension`);
    }
    return target;
  }
}
