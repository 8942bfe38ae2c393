import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '../../domain/errors.js';
import type { ImageProcessor } from '../../ports/image-processor.js';

export interface ImageProcessorFixture {
  processor: ImageProcessor;
  /** A real image of the adapter's kind (pixel limit of the processor: 50 million). */
  image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp'): Promise<Uint8Array>;
  /** A header declaring 30000×30000 pixels. */
  bomb(): Uint8Array;
}

const failsWith = async (promise: Promise<unknown>, code: string) => {
  await assert.rejects(promise, (error) => error instanceof DomainError && error.code === code);
};

/** What every `ImageProcessor` adapter must do. */
export const imageProcessorContract = (name: string, makeFixture: () => ImageProcessorFixture): void => {
  describe(`ImageProcessor contract: ${name}`, () => {
    const fixture = makeFixture();
    const { processor } = fixture;

    it('reads width, height and format', async () => {
      assert.deepEqual(await processor.metadata(await fixture.image(40, 30, 'png')), { width: 40, height: 30, format: 'png' });
    });

    it('resizes to a box, and keeps the aspect ratio when one side is missing', async () => {
      const image = await fixture.image(400, 300, 'jpeg');
      const both = await processor.resize(image, { width: 100, height: 50 });
      assert.deepEqual(both.info, { width: 100, height: 50, format: 'jpeg' });
      assert.deepEqual(await processor.metadata(both.data), both.info);
      assert.deepEqual((await processor.resize(image, { width: 200 })).info, { width: 200, height: 150, format: 'jpeg' });
      assert.deepEqual((await processor.resize(image, { height: 30 })).info, { width: 40, height: 30, format: 'jpeg' });
    });

    it('crops a region inside the image and refuses one outside it', async () => {
      const image = await fixture.image(100, 80, 'png');
      const cropped = await processor.crop(image, { x: 10, y: 20, width: 50, height: 40 });
      assert.deepEqual(await processor.metadata(cropped.data), { width: 50, height: 40, format: 'png' });
      await failsWith(processor.crop(image, { x: 60, y: 0, width: 50, height: 10 }), 'INPUT.INVALID');
      await failsWith(processor.crop(image, { x: -1, y: 0, width: 5, height: 5 }), 'INPUT.INVALID');
    });

    it('makes thumbnails that fit the size and never enlarges', async () => {
      assert.deepEqual((await processor.thumbnail(await fixture.image(400, 200, 'webp'), 100)).info, { width: 100, height: 50, format: 'webp' });
      assert.deepEqual((await processor.thumbnail(await fixture.image(40, 20, 'gif'), 100)).info, { width: 40, height: 20, format: 'gif' });
    });

    it('refuses bytes that are not an image as a type error', async () => {
      await failsWith(processor.metadata(new TextEncoder().encode('just text')), 'FILES.TYPE_NOT_ALLOWED');
      await failsWith(processor.resize(new TextEncoder().encode('just text'), { width: 10 }), 'FILES.TYPE_NOT_ALLOWED');
    });

    it('refuses a decompression bomb from its header', async () => {
      await failsWith(processor.metadata(fixture.bomb()), 'FILES.TOO_LARGE');
      await failsWith(processor.resize(fixture.bomb(), { width: 10 }), 'FILES.TOO_LARGE');
      await failsWith(processor.thumbnail(fixture.bomb(), 10), 'FILES.TOO_LARGE');
    });
  });
};
