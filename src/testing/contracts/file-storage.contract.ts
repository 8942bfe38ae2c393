import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AlreadyExistsError, InvalidInputError, NotFoundError, TooLargeError } from '../../domain/errors.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { FileStorage } from '../../ports/file-storage.js';

/** What a contract run needs from the adapter under test. */
export interface FileStorageFixture {
  storage: FileStorage;
  /** Puts a file in place behind the port's back, creating parent folders. */
  seedFile(path: string, content: string): Promise<void>;
  cleanup?(): Promise<void>;
  /**
   * Whether creating a name is atomic (concurrent writers of one new name can
   * never both win). True unless the backend cannot promise it (an S3 server
   * without conditional writes); the README must then say so.
   */
  atomicCreate?: boolean;
}

async function* chunks(...parts: string[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield new TextEncoder().encode(part);
}

async function* failingAfter(part: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(part);
  throw new Error('client went away');
}

const readText = async (iterable: AsyncIterable<Uint8Array>): Promise<string> => {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of iterable) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
};

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
    it('writes a streamed file and reads it back', async () => {
      const { size } = await fixture.storage.write(SafePath.parse('images/new.txt'), chunks('hel', 'lo ', 'world'));
      assert.equal(size, 11);
      assert.equal(await readText(await fixture.storage.read(SafePath.parse('images/new.txt'))), 'hello world');
      assert.equal((await fixture.storage.stat(SafePath.parse('images/new.txt')))?.size, 11);
    });

    it('never overwrites unless asked, and replaces when asked', async () => {
      await assert.rejects(fixture.storage.write(SafePath.parse('a.txt'), chunks('other')), AlreadyExistsError);
      assert.equal(await readText(await fixture.storage.read(SafePath.parse('a.txt'))), 'hello');
      await fixture.storage.write(SafePath.parse('images/replace.txt'), chunks('one'));
      await fixture.storage.write(SafePath.parse('images/replace.txt'), chunks('two!'), { overwrite: true });
      assert.equal(await readText(await fixture.storage.read(SafePath.parse('images/replace.txt'))), 'two!');
    });

    it('numbers a taken name when asked', async () => {
      await fixture.storage.createFolder(SafePath.parse('sequential'));
      const first = await fixture.storage.write(SafePath.parse('sequential/a.txt'), chunks('1'), { numberOnConflict: true });
      const second = await fixture.storage.write(SafePath.parse('sequential/a.txt'), chunks('2'), { numberOnConflict: true });
      const third = await fixture.storage.write(SafePath.parse('sequential/a.txt'), chunks('3'), { numberOnConflict: true });
      assert.deepEqual([first, second, third].map((r) => r.path.toString()), ['sequential/a.txt', 'sequential/a-1.txt', 'sequential/a-2.txt']);
      assert.equal(await readText(await fixture.storage.read(SafePath.parse('sequential/a.txt'))), '1');
    });

    it('numbers a taken name atomically, keeping every concurrent writer\'s file', async (t) => {
      if (fixture.atomicCreate === false) return t.skip('this backend cannot create names atomically (documented in the README)');
      await fixture.storage.createFolder(SafePath.parse('numbered'));
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => fixture.storage.write(SafePath.parse('numbered/photo.jpg'), chunks(`writer ${i}`), { numberOnConflict: true })),
      );
      const stored = results.map((r) => r.path.toString()).sort();
      assert.equal(new Set(stored).size, 8);
      assert.ok(stored.includes('numbered/photo.jpg') && stored.includes('numbered/photo-1.jpg'));
      const contents = await Promise.all(stored.map(async (p) => readText(await fixture.storage.read(SafePath.parse(p)))));
      assert.equal(new Set(contents).size, 8, 'no writer replaced another');
      assert.equal((await fixture.storage.list(SafePath.parse('numbered'))).length, 8, 'no temporary file is left');
    });

    it('leaves nothing behind when a write is too large or its stream fails', async () => {
      await fixture.storage.createFolder(SafePath.parse('uploads'));
      await assert.rejects(fixture.storage.write(SafePath.parse('uploads/big.bin'), chunks('12345', '67890'), { maxBytes: 8 }), TooLargeError);
      await assert.rejects(fixture.storage.write(SafePath.parse('uploads/cut.bin'), failingAfter('partial')), /client went away/);
      assert.deepEqual(await fixture.storage.list(SafePath.parse('uploads')), []);
    });

    it('refuses to write into a missing folder, and to read what is not a file', async () => {
      await assert.rejects(fixture.storage.write(SafePath.parse('absent/x.txt'), chunks('x')), NotFoundError);
      await assert.rejects(fixture.storage.read(SafePath.parse('nothing.txt')), NotFoundError);
      await assert.rejects(fixture.storage.read(SafePath.parse('images')), NotFoundError);
    });

    it('removes files and whole folders, and reports what is not there', async () => {
      await fixture.storage.write(SafePath.parse('doomed.txt'), chunks('x'));
      await fixture.storage.remove(SafePath.parse('doomed.txt'));
      assert.equal(await fixture.storage.stat(SafePath.parse('doomed.txt')), undefined);
      await assert.rejects(fixture.storage.remove(SafePath.parse('doomed.txt')), NotFoundError);
      await assert.rejects(fixture.storage.remove(SafePath.parse('images')), InvalidInputError);
      await fixture.storage.createFolder(SafePath.parse('tree'));
      await fixture.storage.createFolder(SafePath.parse('tree/branch'));
      await fixture.storage.write(SafePath.parse('tree/branch/leaf.txt'), chunks('leaf'));
      await fixture.storage.removeFolder(SafePath.parse('tree'));
      assert.equal(await fixture.storage.stat(SafePath.parse('tree')), undefined);
      await assert.rejects(fixture.storage.removeFolder(SafePath.parse('tree')), NotFoundError);
      await assert.rejects(fixture.storage.removeFolder(SafePath.root), InvalidInputError);
    });

    it('moves and renames files and folders with their contents', async () => {
      await fixture.storage.createFolder(SafePath.parse('from'));
      await fixture.storage.write(SafePath.parse('from/f.txt'), chunks('f'));
      await fixture.storage.move(SafePath.parse('from/f.txt'), SafePath.parse('from/g.txt'));
      assert.equal(await fixture.storage.stat(SafePath.parse('from/f.txt')), undefined);
      assert.equal(await readText(await fixture.storage.read(SafePath.parse('from/g.txt'))), 'f');
      await fixture.storage.move(SafePath.parse('from'), SafePath.parse('images/to'));
      assert.equal(await readText(await fixture.storage.read(SafePath.parse('images/to/g.txt'))), 'f');
      assert.equal(await fixture.storage.stat(SafePath.parse('from')), undefined);
    });

    it('refuses a move onto an existing name, into itself, from nothing, or into a missing folder', async () => {
      await assert.rejects(fixture.storage.move(SafePath.parse('a.txt'), SafePath.parse('images/photo.jpg')), AlreadyExistsError);
      assert.equal(await readText(await fixture.storage.read(SafePath.parse('a.txt'))), 'hello');
      await assert.rejects(fixture.storage.move(SafePath.parse('images'), SafePath.parse('images/deep/images')), InvalidInputError);
      await assert.rejects(fixture.storage.move(SafePath.parse('ghost.txt'), SafePath.parse('ghost2.txt')), NotFoundError);
      await assert.rejects(fixture.storage.move(SafePath.parse('a.txt'), SafePath.parse('absent/a.txt')), NotFoundError);
    });
  });
};
