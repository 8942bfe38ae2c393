import { completeResizeBox, parseResizeBox } from '../../domain/files/image-box.js';
import type { ImageProcessor } from '../../ports/image-processor.js';
import type { ImageEdit, ImageEditInput, ImageEditResult } from './image-edit.js';

/** Resizes an image to a box (a missing side keeps the aspect ratio), in place or under a new name. */
export class ResizeImage {
  constructor(
    private readonly edit: ImageEdit,
    private readonly images: ImageProcessor,
  ) {}

  async execute(input: ImageEditInput): Promise<ImageEditResult> {
    const box = parseResizeBox(input.box, this.edit.limits.maxDimension);
    return this.edit.run(input, 'IMAGE_RESIZE', async (bytes) => {
      // Both sides are known before any pixel is decoded, so a box that would grow past the limit is refused cheaply.
      const target = completeResizeBox(box, await this.images.metadata(bytes));
      parseResizeBox({ w: target.width, h: target.height }, this.edit.limits.maxDimension);
      return this.images.resize(bytes, target);
    });
  }
}
