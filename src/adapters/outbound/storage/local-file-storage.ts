import { mkdir, readdir, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { AlreadyExistsError, NotFoundError } from '../../../domain/errors.js';
import type { StoredEntry } from '../../../domain/files/file-entry.js';
import { FileName } from '../../../domain/files/file-name.js';
import type { SafePath } from '../../../domain/files/safe-path.js';
import type { FileStorage } from '../../../ports/file-storage.js';

const errnoCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * Files in a folder on this machine. Symlinks are followed only while they
 * stay inside the root: one that leads out is treated as absent.
 */
export class LocalFileStorage implements FileStorage {
  private rootReal: Promise<string>;

  constructor(readonly root: string) {
    this.rootReal = mkdir(root, { recursive: true }).then(() => realpath(root));
  }

  async list(folder: SafePath): Promise<StoredEntry[]> {
    const directory = await this.existing(folder);
    if (!directory?.stats.isDirectory()) throw new NotFoundError(`Folder "${folder.toString()}" not found`);
    const dirents = await readdir(directory.real, { withFileTypes: true });
    const entries = await Promise.all(
      dirents.map(async (dirent) => {
        let name: FileName;
        try {
          name = FileName.parse(dirent.name);
        } catch {
          return undefined; // a name we could never address through the API
        }
        const found = dirent.isSymbolicLink()
          ? await this.existing(folder.join(name))
          : await this.statQuietly(path.join(directory.real, dirent.name));
        return found ? toEntry(name, found.stats) : undefined;
      }),
    );
    return entries.filter((entry): entry is StoredEntry => entry !== undefined);
  }

  async stat(target: SafePath): Promise<StoredEntry | undefined> {
    const found = await this.existing(target);
    if (!found) return undefined;
    return target.name ? toEntry(target.name, found.stats) : { ...toEntry(FileName.parse('root'), found.stats), kind: 'folder' };
  }

  async createFolder(target: SafePath): Promise<void> {
    const parent = await this.existing(target.parent);
    if (!parent?.stats.isDirectory()) throw new NotFoundError(`Folder "${target.parent.toString()}" not found`);
    try {
      await mkdir(path.join(parent.real, target.name!.value));
    } catch (error) {
      if (errnoCode(error) === 'EEXIST') throw new AlreadyExistsError(`"${target.toString()}" already exists`);
      throw error;
    }
  }

  /** The real location and stats of an existing path inside the root, or undefined. */
  protected async existing(target: SafePath): Promise<{ real: string; stats: Stats } | undefined> {
    const rootReal = await this.rootReal;
    let real: string;
    try {
      real = await realpath(path.join(rootReal, ...target.segments.map((s) => s.value)));
    } catch (error) {
      if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR' || errnoCode(error) === 'ELOOP') return undefined;
      throw error;
    }
    if (real !== rootReal && !real.startsWith(rootReal + path.sep)) return undefined;
    const found = await this.statQuietly(real);
    return found && { real, stats: found.stats };
  }

  private async statQuietly(real: string): Promise<{ stats: Stats } | undefined> {
    try {
      return { stats: await stat(real) };
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }
}

const toEntry = (name: FileName, stats: Stats): StoredEntry => ({
  name,
  kind: stats.isDirectory() ? 'folder' : 'file',
  size: stats.isDirectory() ? 0 : stats.size,
  modifiedAt: stats.mtime,
});
