import { AlreadyExistsError, NotFoundError } from '../../../domain/errors.js';
import type { StoredEntry } from '../../../domain/files/file-entry.js';
import { FileName } from '../../../domain/files/file-name.js';
import type { SafePath } from '../../../domain/files/safe-path.js';
import type { FileStorage } from '../../../ports/file-storage.js';

interface Node {
  kind: 'file' | 'folder';
  content: Uint8Array;
  modifiedAt: Date;
}

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

  async list(folder: SafePath): Promise<StoredEntry[]> {
    const key = folder.toString();
    if (this.nodes.get(key)?.kind !== 'folder') throw new NotFoundError(`Folder "${key}" not found`);
    const prefix = key === '' ? '' : `${key}/`;
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
    if (this.nodes.get(path.parent.toString())?.kind !== 'folder') throw new NotFoundError(`Folder "${path.parent.toString()}" not found`);
    if (this.nodes.has(path.toString())) throw new AlreadyExistsError(`"${path.toString()}" already exists`);
    this.nodes.set(path.toString(), { kind: 'folder', content: new Uint8Array(), modifiedAt: this.now() });
  }
}

const toEntry = (name: string, node: Node): StoredEntry => ({
  name: FileName.parse(name),
  kind: node.kind,
  size: node.kind === 'file' ? node.content.byteLength : 0,
  modifiedAt: node.modifiedAt,
});
