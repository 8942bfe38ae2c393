import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ManifestEntry = { kind: 'folder'; modifiedAt: string } | { kind: 'file'; hash: string; size: number; modifiedAt: string };

/** Path (`a/b.txt`, `''` for the root) → entry. */
export type Tree = Map<string, ManifestEntry>;

/**
 * The folder tree of a content-addressed store, kept whole in memory and in
 * `tree.json`. A change is a new tree written to a temporary file and renamed
 * over the old one, so the file on disk is always one complete tree; changes
 * run one at a time (`exclusive`), so a name is taken atomically within the
 * process.
 */
export class Manifest {
  private tree: Tree = new Map();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly root: string) {}

  private get file(): string {
    return path.join(this.root, 'tree.json');
  }

  async load(): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(this.file, 'utf8')) as { entries: Record<string, ManifestEntry> };
      this.tree = new Map(Object.entries(saved.entries));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.tree = new Map([['', { kind: 'folder', modifiedAt: new Date().toISOString() }]]);
    }
  }

  get(key: string): ManifestEntry | undefined {
    return this.tree.get(key);
  }

  keys(): IterableIterator<string> {
    return this.tree.keys();
  }

  /** Runs `task` after every change queued before it: the lock every change takes. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Writes a changed copy of the tree to disk, then makes it the current one. Call inside `exclusive`. */
  async change(edit: (draft: Tree) => void): Promise<void> {
    const draft = new Map(this.tree);
    edit(draft);
    const temp = `${this.file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, JSON.stringify({ version: 1, entries: Object.fromEntries(draft) }));
      await rename(temp, this.file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    this.tree = draft;
  }

  /** How many files point at a blob. */
  references(hash: string): number {
    let count = 0;
    for (const entry of this.tree.values()) if (entry.kind === 'file' && entry.hash === hash) count += 1;
    return count;
  }
}
