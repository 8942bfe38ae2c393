import { canThumbnail, THUMBNAIL_FOLDER, type StoredEntry } from '../../domain/files/file-entry.js';
import { FileName } from '../../domain/files/file-name.js';
import type { SafePath } from '../../domain/files/safe-path.js';
import type { FileStorage } from '../../ports/file-storage.js';
import type { ImageProcessor } from '../../ports/image-processor.js';
import { once, readBounded } from './read-bounded.js';

export interface ThumbnailOptions {
  enabled: boolean;
  /** Longest side in pixels. */
  size: number;
  /** How many missing thumbnails one listing may make; the rest show the image itself until a later listing. */
  perListing: number;
  /** Images larger than this get no thumbnail. */
  maxSourceBytes: number;
}

const FOLDER = FileName.parse(THUMBNAIL_FOLDER);

/**
 * Thumbnails in a hidden folder beside their images (`photos/.thumbs/cat.jpg`),
 * made on upload and on first listing, and kept in step when an image is
 * changed, renamed, moved or removed. A thumbnail is a convenience: failing
 * to make or move one never fails the action that asked for it.
 */
export class Thumbnails {
  constructor(
    private readonly images: ImageProcessor,
    private readonly options: ThumbnailOptions,
  ) {}

  /** `folder/.thumbs/name` for the image at `folder/name`. */
  pathFor(image: SafePath): SafePath {
    return image.parent.join(FOLDER).join(image.name!);
  }

  /** The thumbnail's path relative to the image's folder, as listings return it. */
  relativeName(image: FileName): string {
    return `${THUMBNAIL_FOLDER}/${image.value}`;
  }

  /** (Re)makes the thumbnail of one image; `bytes` saves reading the image again. Returns whether one exists now. */
  async refresh(storage: FileStorage, image: SafePath, bytes?: Uint8Array): Promise<boolean> {
    if (!this.options.enabled || !image.name || !canThumbnail(image.name)) return false;
    try {
      const source = bytes ?? (await readBounded(await storage.read(image), this.options.maxSourceBytes));
      const thumbnail = await this.images.thumbnail(source, this.options.size);
      const folder = image.parent.join(FOLDER);
      if ((await storage.stat(folder))?.kind !== 'folder') await storage.createFolder(folder).catch(() => undefined);
      await storage.write(this.pathFor(image), once(thumbnail.data), { overwrite: true });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Thumbnail names for the images among `entries` of `folder`: fresh ones
   * as they are, missing or stale ones made while the budget lasts.
   */
  async forListing(storage: FileStorage, folder: SafePath, entries: readonly StoredEntry[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!this.options.enabled) return found;
    const images = entries.filter((entry) => entry.kind === 'file' && canThumbnail(entry.name));
    if (images.length === 0) return found;
    const existing = new Map((await storage.list(folder.join(FOLDER)).catch(() => [])).map((entry) => [entry.name.value, entry]));
    let budget = this.options.perListing;
    for (const image of images) {
      const thumbnail = existing.get(image.name.value);
      const fresh = thumbnail !== undefined && thumbnail.modifiedAt.getTime() >= image.modifiedAt.getTime();
      if (fresh || (budget-- > 0 && image.size <= this.options.maxSourceBytes && (await this.refresh(storage, folder.join(image.name))))) {
        found.set(image.name.value, this.relativeName(image.name));
      }
    }
    return found;
  }

  async remove(storage: FileStorage, image: SafePath): Promise<void> {
    await storage.remove(this.pathFor(image)).catch(() => undefined);
  }

  /** Follows an image to its new name or folder; a thumbnail left at the target by an older image is replaced. */
  async move(storage: FileStorage, from: SafePath, to: SafePath): Promise<void> {
    if (!from.name || !to.name) return;
    if (!(await storage.stat(this.pathFor(from)))) return;
    await this.remove(storage, to);
    if (!canThumbnail(to.name)) return this.remove(storage, from);
    const folder = to.parent.join(FOLDER);
    if ((await storage.stat(folder))?.kind !== 'folder') await storage.createFolder(folder).catch(() => undefined);
    await storage.move(this.pathFor(from), this.pathFor(to)).catch(() => this.remove(storage, from));
  }
}
