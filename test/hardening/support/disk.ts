import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every entry under `dir` (hidden ones and temporary files included), by
 * path relative to `dir`: its kind, size, modification time and content
 * hash. Symlinks are described, not followed. `skip` leaves a subtree out.
 */
export const snapshotTree = async (dir: string, skip: (relative: string) => boolean = () => false): Promise<Record<string, string>> => {
  const out: Record<string, string> = {};
  const walk = async (relative: string): Promise<void> => {
    const names = await readdir(path.join(dir, relative)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const rel = relative ? `${relative}/${name}` : name;
      if (skip(rel)) continue;
      const full = path.join(dir, rel);
      try {
        const info = await lstat(full);
        if (info.isSymbolicLink()) out[rel] = `link -> ${await readlink(full)}`;
        else if (info.isDirectory()) {
          out[rel] = `dir mtime=${info.mtimeMs}`;
          await walk(rel);
        } else out[rel] = `file size=${info.size} mtime=${info.mtimeMs} sha256=${createHash('sha256').update(await readFile(full)).digest('hex')}`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // removed while we looked (a temporary file): not there
      }
    }
  };
  await walk('');
  return out;
};

/** Relative paths of every entry under `dir`, hidden ones included, sorted (names only: nothing is read). */
export const entriesUnder = async (dir: string): Promise<string[]> =>
  ((await readdir(dir, { recursive: true }).catch(() => [])) as string[]).map((entry) => entry.split(path.sep).join('/')).sort();

/** Leftover temporary files of an atomic write (`.tmp-<uuid>`), anywhere under `dir`. */
export const temporaryFilesUnder = async (dir: string): Promise<string[]> =>
  (await entriesUnder(dir)).filter((entry) => path.basename(entry).startsWith('.tmp-'));

/** Polls `predicate` until it holds; throws after `ms` (a generous bound, not a timing assertion). */
export const eventually = async (predicate: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> => {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not so after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
