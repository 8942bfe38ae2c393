import { parseCropBox } from '../../domain/files/image-box.js';
import type { ImageProcessor } from '../../ports/image-processor.js';
import type { ImageEdit, ImageEditInput, ImageEditResult } from './image-edit.js';

/** Cuts a region out of an image, in place or under a new name. */
export class CropImage {
  constructor(
    private readonly edit: ImageEdit,
    private readonly images: ImageProcessor,
  ) {}

  async execute(input: ImageEditInput): Promise<ImageEditResult> {
    const box = parseCropBox(input.box, this.edit.limits.maxDimension);
    return this.edit.run(input, 'IMAGE_CROP', (bytes) => this.images.crop(bytes, box));
  }
}
