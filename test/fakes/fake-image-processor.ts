import { InvalidInputError, TooLargeError, TypeNotAllowedError } from '../../src/domain/errors.js';
import type { CropBox, ImageInfo, ImageProcessor, ProcessedImage, ResizeBox } from '../../src/ports/image-processor.js';

const PATTERN = /^FAKE-IMAGE (\w+) (\d+)x(\d+)$/;

/**
 * Images as text, `FAKE-IMAGE png 400x300`: enough for Gherkin scenarios to
 * say what an image is and check what became of it, without a decoder.
 */
export class FakeImageProcessor implements ImageProcessor {
  constructor(private readonly maxInputPixels = 50_000_000) {}

  static image(width: number, height: number, format = 'png'): Uint8Array {
    return new TextEncoder().encode(`FAKE-IMAGE ${format} ${width}x${height}`);
  }

  async metadata(input: Uint8Array): Promise<ImageInfo> {
    const match = PATTERN.exec(new TextDecoder().decode(input));
    if (!match) throw new TypeNotAllowedError('The file is not an image that can be processed');
    const info = { format: match[1]!, width: Number(match[2]), height: Number(match[3]) };
    if (info.width * info.height > this.maxInputPixels) throw new TooLargeError(`The image has more than ${this.maxInputPixels} pixels`);
    return info;
  }

  async resize(input: Uint8Array, box: ResizeBox): Promise<ProcessedImage> {
    const info = await this.writable(input);
    if (!box.width && !box.height) throw new InvalidInputError('A width or a height is required');
    const width = box.width ?? Math.max(1, Math.round((box.height! * info.width) / info.height));
    const height = box.height ?? Math.max(1, Math.round((box.width! * info.height) / info.width));
    return this.made(info.format, width, height);
  }

  async crop(input: Uint8Array, box: CropBox): Promise<ProcessedImage> {
    const info = await this.writable(input);
    if (box.x < 0 || box.y < 0 || box.width < 1 || box.height < 1 || box.x + box.width > info.width || box.y + box.height > info.height) {
      throw new InvalidInputError(`The crop box must lie inside the ${info.width}×${info.height} image`);
    }
    return this.made(info.format, box.width, box.height);
  }

  async thumbnail(input: Uint8Array, size: number): Promise<ProcessedImage> {
    const info = await this.writable(input);
    const scale = Math.min(1, size / Math.max(info.width, info.height));
    return this.made(info.format, Math.max(1, Math.round(info.width * scale)), Math.max(1, Math.round(info.height * scale)));
  }

  private async writable(input: Uint8Array): Promise<ImageInfo> {
    const info = await this.metadata(input);
    if (info.format === 'svg') throw new TypeNotAllowedError('Images of type svg cannot be edited');
    return info;
  }

  private made(format: string, width: number, height: number): ProcessedImage {
    return { data: FakeImageProcessor.image(width, height, format), info: { format, width, height } };
  }
}
