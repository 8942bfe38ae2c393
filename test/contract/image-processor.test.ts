import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { SharpImageProcessor } from '../../src/adapters/outbound/images-sharp/sharp-image-processor.js';
import { FakeImageProcessor } from '../fakes/fake-image-processor.js';
import { makeImage, pngBomb } from '../support/images.js';
import { imageProcessorContract } from '../../src/testing/contracts/image-processor.contract.js';

const sharpProcessor = new SharpImageProcessor({ maxInputPixels: 50_000_000, keepMetadata: false });

imageProcessorContract('SharpImageProcessor', () => ({
  processor: sharpProcessor,
  image: (width, height, format) => makeImage(width, height, format),
  bomb: () => pngBomb(30_000),
}));

imageProcessorContract('FakeImageProcessor', () => ({
  processor: new FakeImageProcessor(50_000_000),
  image: async (width, height, format) => FakeImageProcessor.image(width, height, format),
  bomb: () => FakeImageProcessor.image(30_000, 30_000, 'png'),
}));

describe('SharpImageProcessor specifics', () => {
  const rotated = () =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'someone', Artist: 'GPS here' } } })
      .toBuffer();

  it('honours EXIF orientation: a 400×300 picture stored rotated is 300×400, and boxes are in displayed pixels', async () => {
    const image = await rotated();
    assert.deepEqual(await sharpProcessor.metadata(image), { width: 300, height: 400, format: 'jpeg' });
    const out = await sharpProcessor.resize(image, { width: 150 });
    const meta = await sharp(out.data).metadata();
    assert.deepEqual([meta.width, meta.height, meta.orientation], [150, 200, undefined]);
  });

  it('strips metadata by default and keeps it when configured', async () => {
    const image = await rotated();
    assert.equal((await sharp((await sharpProcessor.resize(image, { width: 30 })).data).metadata()).exif, undefined);
    const keeping = new SharpImageProcessor({ maxInputPixels: 50_000_000, keepMetadata: true });
    assert.ok((await sharp((await keeping.resize(image, { width: 30 })).data).metadata()).exif);
  });

  it('refuses a 30000×30000 PNG bomb from its header, without allocating its pixels', async () => {
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 5; i++) await assert.rejects(sharpProcessor.resize(pngBomb(30_000), { width: 10 }), /more than 50000000 pixels/);
    // Decoding would need 30000 × 30000 × 3 bytes = 2.7 GB; the refusal needs next to nothing.
    assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024);
  });

  it('refuses to edit an SVG (it stays a vector) as a type error', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await assert.rejects(sharpProcessor.resize(svg, { width: 5 }), /cannot be edited/);
  });
});
