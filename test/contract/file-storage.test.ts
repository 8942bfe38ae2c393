import { mkdir, symlink, writeFile } from 'node:fs/promises';
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { LocalFileStorage } from '../../src/adapters/outbound/storage/local-file-storage.js';
import { MemoryFileStorage } from '../../src/adapters/outbound/storage/memory-file-storage.js';
import { SafePath } from '../../src/domain/files/safe-path.js';
import { makeTempDir } from '../support/temp-dir.js';
import { fileStorageContract } from '../../src/testing/contracts/file-storage.contract.js';

fileStorageContract('LocalFileStorage', async () => {
  const temp = await makeTempDir();
  const root = path.join(temp.dir, 'root');
  return {
    storage: new LocalFileStorage(root),
    async seedFile(relative, content) {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await writeFile(path.join(root, relative), content);
    },
    cleanup: temp.remove,
  };
});

fileStorageContract('MemoryFileStorage', async () => {
  const storage = new MemoryFileStorage();
  return { storage, seedFile: async (p, content) => storage.seedFile(p, content) };
});

describe('LocalFileStorage outside-the-root guard', () => {
  it('treats symlinks that lead out of the root as absent, in listings and lookups', async () => {
    const temp = await makeTempDir();
    const root = path.join(temp.dir, 'root');
    await mkdir(root);
    await writeFile(path.join(temp.dir, 'secret.txt'), 'secret');
    await symlink(path.join(temp.dir, 'secret.txt'), path.join(root, 'link.txt'));
    await symlink(temp.dir, path.join(root, 'escape'));
    await writeFile(path.join(root, 'inside.txt'), 'ok');
    await symlink(path.join(root, 'inside.txt'), path.join(root, 'alias.txt'));
    const storage = new LocalFileStorage(root);
    const listed = (await storage.list(SafePath.root)).map((e) => e.name.value).sort();
    assert.deepEqual(listed, ['alias.txt', 'inside.txt']);
    assert.equal(await storage.stat(SafePath.parse('link.txt')), undefined);
    assert.equal(await storage.stat(SafePath.parse('escape/secret.txt')), undefined);
    await temp.remove();
  });
});

describe('LocalFileStorage changes act on entries, not on what symlinks point to', () => {
  it('removes a symlink itself and leaves the outside file alone; refuses writes through an outside link', async () => {
    const { readFile, readdir: list } = await import('node:fs/promises');
    const temp = await makeTempDir();
    const root = path.join(temp.dir, 'root');
    await mkdir(root);
    await writeFile(path.join(temp.dir, 'outside.txt'), 'keep me');
    await symlink(path.join(temp.dir, 'outside.txt'), path.join(root, 'link.txt'));
    await symlink(temp.dir, path.join(root, 'out-dir'));
    const storage = new LocalFileStorage(root);
    await assert.rejects(
      storage.write(SafePath.parse('out-dir/planted.txt'), (async function* () { yield new Uint8Array([1]); })()),
      /not found/,
    );
    await storage.remove(SafePath.parse('link.txt'));
    assert.equal(await readFile(path.join(temp.dir, 'outside.txt'), 'utf8'), 'keep me');
    assert.deepEqual((await list(temp.dir)).sort(), ['outside.txt', 'root']);
    await temp.remove();
  });

  it('keeps exactly one of many concurrent writes to the same new name', async () => {
    const temp = await makeTempDir();
    const storage = new LocalFileStorage(temp.dir);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        storage.write(SafePath.parse('same.txt'), (async function* () { yield new TextEncoder().encode(`writer ${i}`); })()),
      ),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.deepEqual((await storage.list(SafePath.root)).map((e) => e.name.value), ['same.txt']);
    await temp.remove();
  });
});
