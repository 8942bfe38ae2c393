import { AlreadyExistsError, InvalidInputError, NotFoundError, TooLargeError } from '../../../domain/errors.js';
import type { StoredEntry } from '../../../domain/files/file-entry.js';
import { FileName } from '../../../domain/files/file-name.js';
import type { SafePath } from '../../../domain/files/safe-path.js';
import type { FileStorage, WriteOptions, WriteResult } from '../../../ports/file-storage.js';
import { numberedName } from '../../../domain/files/suggested-file-name.js';

interface Node {
  kind: 'file' | 'folder';
  content: Uint8Array;
  modifiedAt: Date;
}

const childPrefix = (key: string) => (key === '' ? '' : `${key}/`);

/** Files held in a map: for tests, Gherkin scenarios and throwaway demos. */
export class MemoryFileStorage implements FileStorage {
  private readonly nodes = new Map<string, Node>([['', { kind: 'folder', content: new Uint8Array(), modifiedAt: new Date() }]]);

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Test seeding: creates missing parent folders. */
  seedFile(path: string, content: Uint8Array | string, modifiedAt = this.now()): void {
    const parts = path.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (!this.nodes.has(folder)) this.nodes.set(folder, { kind: 'folder', content: new Uint8Array(), modifiedAt });
    }
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    this.nodes.set(parts.join('/'), { kind: 'file', content: bytes, modifiedAt });
  }

  /** Test inspection: the bytes of a file, or undefined. */
  contentOf(path: string): Uint8Array | undefined {
    const node = this.nodes.get(path.split('/').filter(Boolean).join('/'));
    return node?.kind === 'file' ? node.content : undefined;
  }

  async list(folder: SafePath): Promise<StoredEntry[]> {
    const key = folder.toString();
    if (this.nodes.get(key)?.kind !== 'folder') throw new NotFoundError(`Folder "${key}" not found`);
    const prefix = childPrefix(key);
    const entries: StoredEntry[] = [];
    for (const [path, node] of this.nodes) {
      if (path === '' || !path.startsWith(prefix) || path.slice(prefix.length).includes('/')) continue;
      entries.push(toEntry(path.slice(prefix.length), node));
    }
    return entries;
  }

  async stat(path: SafePath): Promise<StoredEntry | undefined> {
    const node = this.nodes.get(path.toString());
    return node && toEntry(path.name?.value ?? 'root', node);
  }

  async createFolder(path: SafePath): Promise<void> {
    this.requireParent(path);
    if (this.nodes.has(path.toString())) throw new AlreadyExistsError(`"${path.toString()}" already exists`);
    this.nodes.set(path.toString(), { kind: 'folder', content: new Uint8Array(), modifiedAt: this.now() });
  }

  async read(path: SafePath): Promise<AsyncIterable<Uint8Array>> {
    const node = this.nodes.get(path.toString());
    if (node?.kind !== 'file') throw new NotFoundError(`File "${path.toString()}" not found`);
    const content = node.content;
    return (async function* () {
      yield content;
    })();
  }

  async write(path: SafePath, content: AsyncIterable<Uint8Array>, options: WriteOptions = {}): Promise<WriteResult> {
    this.requireParent(path);
    const key = path.toString();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of content) {
      size += chunk.byteLength;
      if (options.maxBytes !== undefined && size > options.maxBytes) throw new TooLargeError(`The file is larger than ${options.maxBytes} bytes`);
      chunks.push(chunk);
    }
    let target = path;
    for (let n = 1; options.numberOnConflict && !options.overwrite && this.nodes.has(target.toString()); n++) {
      target = path.parent.join(numberedName(path.name!, n));
    }
    const existing = this.nodes.get(target.toString());
    if (existing && (!options.overwrite || existing.kind === 'folder')) throw new AlreadyExistsError(`"${key}" already exists`);
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    this.nodes.set(target.toString(), { kind: 'file', content: bytes, modifiedAt: this.now() });
    return { size, path: target };
  }

  async remove(path: SafePath): Promise<void> {
    const node = this.require(path);
    if (node.kind === 'folder') throw new InvalidInputError(`"${path.toString()}" is a folder`);
    this.nodes.delete(path.toString());
  }

  async removeFolder(path: SafePath): Promise<void> {
    if (path.isRoot) throw new InvalidInputError('The root of a source cannot be removed');
    if (this.nodes.get(path.toString())?.kind !== 'folder') throw new NotFoundError(`Folder "${path.toString()}" not found`);
    for (const key of this.subtree(path.toString())) this.nodes.delete(key);
  }

  async move(from: SafePath, to: SafePath): Promise<void> {
    if (from.isRoot || to.isWithin(from)) throw new InvalidInputError('A folder cannot be moved into itself');
    this.require(from);
    this.requireParent(to);
    if (this.nodes.has(to.toString())) throw new AlreadyExistsError(`"${to.toString()}" already exists`);
    const source = from.toString();
    for (const key of this.subtree(source)) {
      const node = this.nodes.get(key)!;
      this.nodes.delete(key);
      this.nodes.set(to.toString() + key.slice(source.length), node);
    }
  }

  private subtree(key: string): string[] {
    return [...this.nodes.keys()].filter((path) => path === key || path.startsWith(childPrefix(key)));
  }

  private require(path: SafePath): Node {
    const node = this.nodes.get(path.toString());
    if (!node || path.isRoot) throw new NotFoundError(`"${path.toString()}" not found`);
    return node;
  }

  private requireParent(path: SafePath): void {
    if (!path.name) throw new InvalidInputError('A name is required');
    if (this.nodes.get(path.parent.toString())?.kind !== 'folder') throw new NotFoundError(`Folder "${path.parent.toString()}" not found`);
  }
}

const toEntry = (name: string, node: Node): StoredEntry => ({
  name: FileName.parse(name),
  kind: node.kind,
  size: node.kind === 'file' ? node.content.byteLength : 0,
  modifiedAt: node.modifiedAt,
});
