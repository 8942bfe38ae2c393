import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryFileStorage } from '../../../src/adapters/outbound/storage/memory-file-storage.js';
import { Thumbnails } from '../../../src/application/files/thumbnails.js';
import { SafePath } from '../../../src/domain/files/safe-path.js';
import { FakeImageProcessor } from '../../fakes/fake-image-processor.js';

const thumbnails = () => new Thumbnails(new FakeImageProcessor(), { enabled: true, size: 100, perListing: 2, maxSourceBytes: 1_000_000 });
const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

/** The calls the rename, move and remove use cases make so a thumbnail follows its image. */
describe('Thumbnails', () => {
  it('makes a thumbnail beside the image, in the hidden folder', async () => {
    const storage = new MemoryFileStorage();
    storage.seedFile('pics/cat.png', FakeImageProcessor.image(400, 200, 'png'));
    assert.equal(await thumbnails().refresh(storage, SafePath.parse('pics/cat.png')), true);
    assert.equal(text(storage.contentOf('pics/.thumbs/cat.png')), 'FAKE-IMAGE png 100x50');
  });

  it('follows a rename and a move, replacing a stale thumbnail at the target', async () => {
    const storage = new MemoryFileStorage();
    storage.seedFile('pics/cat.png', FakeImageProcessor.image(400, 200, 'png'));
    storage.seedFile('other/.thumbs/kitty.png', 'stale');
    const service = thumbnails();
    await service.refresh(storage, SafePath.parse('pics/cat.png'));
    await service.move(storage, SafePath.parse('pics/cat.png'), SafePath.parse('pics/tom.png'));
    assert.equal(storage.contentOf('pics/.thumbs/cat.png'), undefined);
    assert.ok(storage.contentOf('pics/.thumbs/tom.png'));
    await service.move(storage, SafePath.parse('pics/tom.png'), SafePath.parse('other/kitty.png'));
    assert.equal(text(storage.contentOf('other/.thumbs/kitty.png')), 'FAKE-IMAGE png 100x50');
    assert.equal(storage.contentOf('pics/.thumbs/tom.png'), undefined);
  });

  it('drops the thumbnail when the image is removed or renamed to a non-image', async () => {
    const storage = new MemoryFileStorage();
    storage.seedFile('a.png', FakeImageProcessor.image(10, 10, 'png'));
    storage.seedFile('b.png', FakeImageProcessor.image(10, 10, 'png'));
    const service = thumbnails();
    await service.refresh(storage, SafePath.parse('a.png'));
    await service.refresh(storage, SafePath.parse('b.png'));
    await service.remove(storage, SafePath.parse('a.png'));
    await service.move(storage, SafePath.parse('b.png'), SafePath.parse('b.txt'));
    assert.equal(storage.contentOf('.thumbs/a.png'), undefined);
    assert.equal(storage.contentOf('.thumbs/b.png'), undefined);
    assert.equal(storage.contentOf('.thumbs/b.txt'), undefined);
  });

  it('makes at most perListing thumbnails per listing, and none for non-images or broken images', async () => {
    const storage = new MemoryFileStorage();
    for (const name of ['1.png', '2.png', '3.png']) storage.seedFile(name, FakeImageProcessor.image(300, 300, 'png'));
    storage.seedFile('broken.png', 'not an image');
    storage.seedFile('notes.txt', 'text');
    const service = thumbnails();
    const first = await service.forListing(storage, SafePath.root, await storage.list(SafePath.root));
    assert.equal(first.size, 2);
    const second = await service.forListing(storage, SafePath.root, await storage.list(SafePath.root));
    assert.deepEqual([...second.keys()].sort(), ['1.png', '2.png', '3.png']);
  });
});
