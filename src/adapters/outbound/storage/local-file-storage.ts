import { createReadStream, type Stats } from 'node:fs';
import { lstat, mkdir, readdir, realpath, rename, rm, stat, unlink, link } from 'node:fs/promises';
import path from 'node:path';
import { AlreadyExistsError, InvalidInputError, NotFoundError, StorageFullError } from '../../../domain/errors.js';
import type { StoredEntry } from '../../../domain/files/file-entry.js';
import { FileName } from '../../../domain/files/file-name.js';
import type { SafePath } from '../../../domain/files/safe-path.js';
import type { FileStorage, WriteOptions, WriteResult } from '../../../ports/file-storage.js';
import { numberedName } from '../../../domain/files/suggested-file-name.js';
import { writeAtomically } from './atomic-write.js';
import { errnoCode, isStorageFull } from './errno.js';

const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);
const TAKEN = new Set(['EEXIST', 'ENOTEMPTY']);

/**
 * The entry went away between the check and the change (a concurrent
 * request removed or moved it, or its folder): a 404, as if it had never
 * been there, instead of an unexpected failure.
 */
const notFoundIfGone =
  (target: SafePath) =>
  (error: unknown): never => {
    if (ABSENT.has(errnoCode(error) ?? '')) throw new NotFoundError(`"${target.toString()}" not found`);
    throw error;
  };

/**
 * Files in a folder on this machine. Symlinks are followed only while they
 * stay inside the root: one that leads out is treated as absent. Changes
 * act on the entry itself (a symlink is renamed or removed, never its target).
 */
export class LocalFileStorage implements FileStorage {
  private readonly rootReal: Promise<string>;

  constructor(readonly root: string) {
    this.rootReal = mkdir(root, { recursive: true }).then(() => realpath(root));
  }

  async list(folder: SafePath): Promise<StoredEntry[]> {
    const directory = await this.existing(folder);
    if (!directory?.stats.isDirectory()) throw new NotFoundError(`Folder "${folder.toString()}" not found`);
    const dirents = await readdir(directory.real, { withFileTypes: true }).catch(notFoundIfGone(folder));
    const entries = await Promise.all(
      dirents.map(async (dirent) => {
        let name: FileName;
        try {
          name = FileName.parse(dirent.name);
        } catch {
          return undefined; // a name the API could never address
        }
        const found = dirent.isSymbolicLink()
          ? await this.existing(folder.join(name))
          : await statQuietly(path.join(directory.real, dirent.name));
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
    try {
      await mkdir(await this.placeIn(target));
    } catch (error) {
      if (errnoCode(error) === 'EEXIST') throw new AlreadyExistsError(`"${target.toString()}" already exists`);
      if (isStorageFull(error)) throw new StorageFullError(); // out of inodes or quota: the client's answer is 507, not 500
      return notFoundIfGone(target.parent)(error);
    }
  }

  async read(target: SafePath): Promise<AsyncIterable<Uint8Array>> {
    const found = await this.existing(target);
    if (!found?.stats.isFile()) throw new NotFoundError(`File "${target.toString()}" not found`);
    const stream = createReadStream(found.real);
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject)).catch(notFoundIfGone(target));
    return stream;
  }

  async write(target: SafePath, content: AsyncIterable<Uint8Array>, options: WriteOptions = {}): Promise<WriteResult> {
    const destination = await this.placeIn(target);
    if (options.overwrite && (await lstatQuietly(destination))?.isDirectory()) {
      throw new AlreadyExistsError(`"${target.toString()}" is a folder`);
    }
    const name = target.name!;
    const { size, written } = await writeAtomically(destination, content, {
      ...options,
      ...(options.numberOnConflict && !options.overwrite ? { candidates: (n: number) => numberedName(name, n).value } : {}),
    });
    return { size, path: target.parent.join(FileName.parse(path.basename(written))) };
  }

  async remove(target: SafePath): Promise<void> {
    const { location, stats } = await this.entryItself(target);
    if (stats.isDirectory()) throw new InvalidInputError(`"${target.toString()}" is a folder`);
    await unlink(location).catch(notFoundIfGone(target));
  }

  async removeFolder(target: SafePath): Promise<void> {
    if (target.isRoot) throw new InvalidInputError('The root of a source cannot be removed');
    const { location, stats } = await this.entryItself(target);
    if (!stats.isDirectory()) throw new NotFoundError(`Folder "${target.toString()}" not found`);
    await rm(location, { recursive: true }).catch(notFoundIfGone(target));
  }

  async move(from: SafePath, to: SafePath): Promise<void> {
    if (from.isRoot || to.isWithin(from)) throw new InvalidInputError('A folder cannot be moved into itself');
    const { location, stats } = await this.entryItself(from);
    const destination = await this.placeIn(to);
    if (await lstatQuietly(destination)) throw new AlreadyExistsError(`"${to.toString()}" already exists`);
    const taken = (error: unknown): never => {
      if (TAKEN.has(errnoCode(error) ?? '')) throw new AlreadyExistsError(`"${to.toString()}" already exists`);
      return notFoundIfGone(from)(error);
    };
    if (stats.isDirectory()) {
      await rename(location, destination).catch(taken); // a folder made there since the check: refused, not replaced
      return;
    }
    try {
      await link(location, destination); // refuses an existing target atomically
    } catch (error) {
      if (errnoCode(error) !== 'EXDEV' && errnoCode(error) !== 'EPERM') taken(error);
      await rename(location, destination).catch(taken);
      return;
    }
    // Gone already: a concurrent removal took the old name; the file is at its new one either way.
    await unlink(location).catch((error: unknown) => (errnoCode(error) === 'ENOENT' ? undefined : Promise.reject(error)));
  }

  /** Where a new entry named by `target` goes: inside its existing parent folder. */
  private async placeIn(target: SafePath): Promise<string> {
    if (!target.name) throw new InvalidInputError('A name is required');
    const parent = await this.existing(target.parent);
    if (!parent?.stats.isDirectory()) throw new NotFoundError(`Folder "${target.parent.toString()}" not found`);
    return path.join(parent.real, target.name.value);
  }

  /** The entry itself, without following a final symlink. */
  private async entryItself(target: SafePath): Promise<{ location: string; stats: Stats }> {
    const location = await this.placeIn(target);
    const stats = await lstatQuietly(location);
    if (!stats) throw new NotFoundError(`"${target.toString()}" not found`);
    return { location, stats };
  }

  /** The real location and stats of an existing path inside the root, or undefined. */
  private async existing(target: SafePath): Promise<{ real: string; stats: Stats } | undefined> {
    const rootReal = await this.rootReal;
    let real: string;
    try {
      real = await realpath(path.join(rootReal, ...target.segments.map((s) => s.value)));
    } catch (error) {
      if (ABSENT.has(errnoCode(error) ?? '')) return undefined;
      throw error;
    }
    if (real !== rootReal && !real.startsWith(rootReal + path.sep)) return undefined;
    const found = await statQuietly(real);
    return found && { real, stats: found.stats };
  }
}

const statQuietly = async (location: string): Promise<{ stats: Stats } | undefined> => {
  try {
    return { stats: await stat(location) };
  } catch (error) {
    if (ABSENT.has(errnoCode(error) ?? '')) return undefined;
    throw error;
  }
};

const lstatQuietly = async (location: string): Promise<Stats | undefined> => {
  try {
    return await lstat(location);
  } catch (error) {
    if (ABSENT.has(errnoCode(error) ?? '')) return undefined;
    throw error;
  }
};

const toEntry = (name: FileName, stats: Stats): StoredEntry => ({
  name,
  kind: stats.isDirectory() ? 'folder' : 'file',
  size: stats.isDirectory() ? 0 : stats.size,
  modifiedAt: stats.mtime,
});
