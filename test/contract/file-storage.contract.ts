import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AlreadyExistsError, NotFoundError } from '../../src/domain/errors.js';
import { SafePath } from '../../src/domain/files/safe-path.js';
import type { FileStorage } from '../../src/ports/file-storage.js';

/** What a contract run needs from the adapter under test. */
export interface FileStorageFixture {
  storage: FileStorage;
  /** Puts a file in place behind the port's back, creating parent folders. */
  seedFile(path: string, content: string): Promise<void>;
  cleanup?(): Promise<void>;
}

const names = (entries: { name: { value: string } }[]) => entries.map((e) => e.name.value).sort();

/**
 * The behaviour every `FileStorage` adapter must share. A new backend passes
 * this suite before anything else.
 */
export const fileStorageContract = (adapterName: string, makeFixture: () => Promise<FileStorageFixture>): void => {
  describe(`FileStorage contract: ${adapterName}`, () => {
    let fixture: FileStorageFixture;
    before(async () => {
      fixture = await makeFixture();
      await fixture.seedFile('a.txt', 'hello');
      await fixture.seedFile('images/photo.jpg', 'not really a jpeg');
      await fixture.seedFile('images/deep/inner.txt', 'x');
    });
    after(async () => fixture.cleanup?.());

    it('lists the direct children of the root with kinds and sizes', async () => {
      const entries = await fixture.storage.list(SafePath.root);
      assert.deepEqual(names(entries), ['a.txt', 'images']);
      const file = entries.find((e) => e.name.value === 'a.txt')!;
      assert.equal(file.kind, 'file');
      assert.equal(file.size, 5);
      assert.ok(file.modifiedAt instanceof Date && !Number.isNaN(file.modifiedAt.getTime()));
      assert.equal(entries.find((e) => e.name.value === 'images')!.kind, 'folder');
    });

    it('lists a nested folder without its grandchildren', async () => {
      assert.deepEqual(names(await fixture.storage.list(SafePath.parse('images'))), ['deep', 'photo.jpg']);
    });

    it('refuses to list a folder that does not exist, or a file', async () => {
      await assert.rejects(fixture.storage.list(SafePath.parse('missing')), NotFoundError);
      await assert.rejects(fixture.storage.list(SafePath.parse('a.txt')), NotFoundError);
    });

    it('stats files, folders and the root, and answers undefined for nothing', async () => {
      assert.equal((await fixture.storage.stat(SafePath.parse('images/photo.jpg')))?.kind, 'file');
      assert.equal((await fixture.storage.stat(SafePath.parse('images')))?.kind, 'folder');
      assert.equal((await fixture.storage.stat(SafePath.root))?.kind, 'folder');
      assert.equal(await fixture.storage.stat(SafePath.parse('nope.txt')), undefined);
    });

    it('creates a folder once, and only inside an existing parent', async () => {
      await fixture.storage.createFolder(SafePath.parse('new-folder'));
      assert.equal((await fixture.storage.stat(SafePath.parse('new-folder')))?.kind, 'folder');
      await assert.rejects(fixture.storage.createFolder(SafePath.parse('new-folder')), AlreadyExistsError);
      await assert.rejects(fixture.storage.createFolder(SafePath.parse('absent/child')), NotFoundError);
    });
  });
};
