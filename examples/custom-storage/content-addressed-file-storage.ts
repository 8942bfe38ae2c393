import {
  AlreadyExistsError,
  FileName,
  InvalidInputError,
  NotFoundError,
  numberedName,
  type FileStorage,
  type SafePath,
  type StoredEntry,
  type WriteOptions,
  type WriteResult,
} from 'editor-backend';
import { BlobStore } from './blob-store.js';
import { Manifest, type ManifestEntry, type Tree } from './manifest.js';

const childPrefix = (key: string) => (key === '' ? '' : `${key}/`);
const inSubtree = (key: string, root: string) => key === root || key.startsWith(childPrefix(root));

const toEntry = (name: string, entry: ManifestEntry): StoredEntry => ({
  name: FileName.parse(name),
  kind: entry.kind,
  size: entry.kind === 'file' ? entry.size : 0,
  modifiedAt: new Date(entry.modifiedAt),
});

/**
 * A `FileStorage` keeping each file's bytes once, named by their SHA-256
 * (`objects/ab/cdef…`), and the folder tree in `tree.json`: identical
 * uploads take the space of one, blobs never change (back them up or sync
 * them incrementally), and a move or rename is one small manifest write,
 * atomic, whatever the folder holds. One process per root: the tree is held
 * in memory.
 */
export class ContentAddressedFileStorage implements FileStorage {
  private readonly blobs: BlobStore;
  private readonly manifest: Manifest;
  private readonly ready: Promise<void>;

  constructor(root: string) {
    this.blobs = new BlobStore(root);
    this.manifest = new Manifest(root);
    this.ready = this.blobs.init().then(() => this.manifest.load());
  }

  async list(folder: SafePath): Promise<StoredEntry[]> {
    await this.ready;
    const key = folder.toString();
    if (this.manifest.get(key)?.kind !== 'folder') throw new NotFoundError(`Folder "${key}" not found`);
    const prefix = childPrefix(key);
    const entries: StoredEntry[] = [];
    for (const path of this.manifest.keys()) {
      if (path === '' || !path.startsWith(prefix) || path.includes('/', prefix.length)) continue;
      entries.push(toEntry(path.slice(prefix.length), this.manifest.get(path)!));
    }
    return entries;
  }

  async stat(path: SafePath): Promise<StoredEntry | undefined> {
    await this.ready;
    const entry = this.manifest.get(path.toString());
    return entry && toEntry(path.name?.value ?? 'root', entry);
  }

  async createFolder(path: SafePath): Promise<void> {
    await this.ready;
    await this.manifest.exclusive(async () => {
      this.requireParent(path);
      if (this.manifest.get(path.toString())) throw new AlreadyExistsError(`"${path.toString()}" already exists`);
      await this.manifest.change((tree) => tree.set(path.toString(), { kind: 'folder', modifiedAt: new Date().toISOString() }));
    });
  }

  async read(path: SafePath): Promise<AsyncIterable<Uint8Array>> {
    await this.ready;
    const entry = this.manifest.get(path.toString());
    if (entry?.kind !== 'file') throw new NotFoundError(`File "${path.toString()}" not found`);
    return this.blobs.read(entry.hash);
  }

  async write(path: SafePath, content: AsyncIterable<Uint8Array>, options: WriteOptions = {}): Promise<WriteResult> {
    await this.ready;
    this.requireParent(path); // fail early; checked again under the lock
    const staged = await this.blobs.stage(content, options.maxBytes);
    try {
      return await this.manifest.exclusive(async () => {
        this.requireParent(path);
        const target = this.freeName(path, options);
        const replaced = this.manifest.get(target.toString());
        await staged.commit();
        const entry: ManifestEntry = { kind: 'file', hash: staged.hash, size: staged.size, modifiedAt: new Date().toISOString() };
        await this.manifest.change((tree) => tree.set(target.toString(), entry));
        if (replaced?.kind === 'file') await this.dropIfUnused(replaced.hash);
        return { size: staged.size, path: target };
      });
    } finally {
      await staged.discard(); // a no-op once committed
    }
  }

  async remove(path: SafePath): Promise<void> {
    await this.ready;
    await this.manifest.exclusive(async () => {
      const entry = this.require(path);
      if (entry.kind === 'folder') throw new InvalidInputError(`"${path.toString()}" is a folder`);
      await this.manifest.change((tree) => tree.delete(path.toString()));
      await this.dropIfUnused(entry.hash);
    });
  }

  async removeFolder(path: SafePath): Promise<void> {
    if (path.isRoot) throw new InvalidInputError('The root of a source cannot be removed');
    await this.ready;
    await this.manifest.exclusive(async () => {
      const key = path.toString();
      if (this.manifest.get(key)?.kind !== 'folder') throw new NotFoundError(`Folder "${key}" not found`);
      const doomed = [...this.manifest.keys()].filter((k) => inSubtree(k, key));
      const hashes = new Set(doomed.flatMap((k) => this.hashOf(k)));
      await this.manifest.change((tree) => doomed.forEach((k) => tree.delete(k)));
      for (const hash of hashes) await this.dropIfUnused(hash);
    });
  }

  async move(from: SafePath, to: SafePath): Promise<void> {
    if (from.isRoot || to.isWithin(from)) throw new InvalidInputError('A folder cannot be moved into itself');
    await this.ready;
    await this.manifest.exclusive(async () => {
      this.require(from);
      this.requireParent(to);
      if (this.manifest.get(to.toString())) throw new AlreadyExistsError(`"${to.toString()}" already exists`);
      const source = from.toString();
      const moving = [...this.manifest.keys()].filter((k) => inSubtree(k, source));
      await this.manifest.change((tree: Tree) => {
        for (const key of moving) {
          const entry = tree.get(key)!;
          tree.delete(key);
          tree.set(to.toString() + key.slice(source.length), entry);
        }
      });
    });
  }

  /** The path itself, or with `numberOnConflict` the first free `name-N.ext`. */
  private freeName(path: SafePath, options: WriteOptions): SafePath {
    let target = path;
    for (let n = 1; options.numberOnConflict && !options.overwrite && this.manifest.get(target.toString()); n++) {
      target = path.parent.join(numberedName(path.name!, n));
    }
    const existing = this.manifest.get(target.toString());
    if (existing && (!options.overwrite || existing.kind === 'folder')) throw new AlreadyExistsError(`"${target.toString()}" already exists`);
    return target;
  }

  private hashOf(key: string): string[] {
    const entry = this.manifest.get(key);
    return entry?.kind === 'file' ? [entry.hash] : [];
  }

  private async dropIfUnused(hash: string): Promise<void> {
    if (this.manifest.references(hash) === 0) await this.blobs.remove(hash);
  }

  private require(path: SafePath): ManifestEntry {
    const entry = this.manifest.get(path.toString());
    if (!entry || path.isRoot) throw new NotFoundError(`"${path.toString()}" not found`);
    return entry;
  }

  private requireParent(path: SafePath): void {
    if (!path.name) throw new InvalidInputError('A name is required');
    if (this.manifest.get(path.parent.toString())?.kind !== 'folder') throw new NotFoundError(`Folder "${path.parent.toString()}" not found`);
  }
}
