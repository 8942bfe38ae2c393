import assert from 'node:assert/strict';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeAtomically } from '../../../src/adapters/outbound/storage/atomic-write.js';
import { makeTempDir } from '../../support/temp-dir.js';

/** Yields one chunk, lets `meanwhile` change the tree (another request), then yields the rest. */
async function* interrupted(meanwhile: () => Promise<void>): AsyncIterable<Uint8Array> {
  yield Buffer.from('first half, ');
  await meanwhile();
  yield Buffer.from('second half');
}

const everythingUnder = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true })).map(String).sort();

describe('writeAtomically when the folder changes while the file streams in', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  before(async () => {
    temp = await makeTempDir('atomic-write-');
  });
  after(async () => {
    await temp.remove();
  });

  for (const overwrite of [false, true]) {
    it(`a folder renamed mid-write: 404, and no temporary file is left in its new place (overwrite: ${overwrite})`, async () => {
      const root = path.join(temp.dir, `renamed-${overwrite}`);
      await mkdir(path.join(root, 'd'), { recursive: true });
      await assert.rejects(
        writeAtomically(path.join(root, 'd', 'up.txt'), interrupted(() => rename(path.join(root, 'd'), path.join(root, 'e'))), { overwrite }),
        { code: 'FILES.NOT_FOUND' },
      );
      assert.deepEqual(await everythingUnder(root), ['e']);
    });
  }

  it('a folder moved into another mid-write: 404, nothing left anywhere', async () => {
    const root = path.join(temp.dir, 'moved');
    await mkdir(path.join(root, 'd'), { recursive: true });
    await mkdir(path.join(root, 'other'));
    await assert.rejects(
      writeAtomically(path.join(root, 'd', 'up.txt'), interrupted(() => rename(path.join(root, 'd'), path.join(root, 'other', 'd'))), {}),
      { code: 'FILES.NOT_FOUND' },
    );
    assert.deepEqual(await everythingUnder(root), ['other', path.join('other', 'd')]);
  });

  it('a folder removed mid-write: 404', async () => {
    const root = path.join(temp.dir, 'removed');
    await mkdir(path.join(root, 'd'), { recursive: true });
    await assert.rejects(
      writeAtomically(path.join(root, 'd', 'up.txt'), interrupted(() => rm(path.join(root, 'd'), { recursive: true })), {}),
      { code: 'FILES.NOT_FOUND' },
    );
    assert.deepEqual(await everythingUnder(root), []);
  });
});
