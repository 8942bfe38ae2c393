import type sharpDefault from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { InvalidInputError, TooLargeError, TypeNotAllowedError } from '../../../domain/errors.js';
import type { CropBox, ImageInfo, ImageProcessor, ProcessedImage, ResizeBox } from '../../../ports/image-processor.js';

export interface SharpImageOptions {
  /** Images with more pixels are refused from their header, before decoding (decompression bombs). */
  maxInputPixels: number;
  /** Keep EXIF/ICC/XMP in the output; off by default (EXIF can carry GPS positions). */
  keepMetadata: boolean;
}

/** Formats written back as themselves; `heif` is how sharp names AVIF input. */
const WRITERS: Record<string, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ mozjpeg: true }),
  png: (image) => image.png(),
  webp: (image) => image.webp(),
  gif: (image) => image.gif(),
  tiff: (image) => image.tiff(),
  heif: (image) => image.avif(),
};

type SharpModule = typeof sharpDefault;
let sharpModule: Promise<SharpModule> | undefined;
// Loaded on first use: libvips is large, and a host without it still starts (image actions then fail, nothing else).
const loadSharp = (): Promise<SharpModule> => (sharpModule ??= import('sharp').then((module) => module.default));

const isPixelLimitError = (error: unknown) => /pixel limit/i.test((error as Error)?.message ?? '');

/** `ImageProcessor` on sharp (libvips): streaming decoders, a pixel limit, EXIF orientation applied. */
export class SharpImageProcessor implements ImageProcessor {
  constructor(private readonly options: SharpImageOptions) {}

  async metadata(input: Uint8Array): Promise<ImageInfo> {
    let meta: Metadata;
    try {
      meta = await (await this.open(input)).metadata();
    } catch (error) {
      if (isPixelLimitError(error)) throw this.tooLarge();
      throw new TypeNotAllowedError('The file is not an image that can be processed');
    }
    const pages = meta.pages && meta.pages > 1 ? meta.pages : 1;
    // Opened as an animation, `height` is every frame stacked; one frame is `pageHeight` tall.
    const { width, height } = pages > 1 ? { width: meta.width, height: meta.pageHeight ?? meta.height / pages } : (meta.autoOrient ?? meta);
    if (!width || !height) throw new TypeNotAllowedError('The file is not an image that can be processed');
    if (width * height * pages > this.options.maxInputPixels) throw this.tooLarge();
    return { width, height, format: meta.format, ...(pages > 1 ? { pages } : {}) };
  }

  async resize(input: Uint8Array, box: ResizeBox): Promise<ProcessedImage> {
    const info = await this.writable(input);
    if (!box.width && !box.height) throw new InvalidInputError('A width or a height is required');
    // The missing side is computed here: libvips' own shrink rounding can be off by a pixel.
    const width = box.width ?? Math.max(1, Math.round((box.height! * info.width) / info.height));
    const height = box.height ?? Math.max(1, Math.round((box.width! * info.height) / info.width));
    // Every frame is resized: a small box times many tiny frames is a bomb of its own (1×1 × 100 000 frames → 100×100 each).
    if (width * height * (info.pages ?? 1) > this.options.maxInputPixels) throw this.tooLargeResult(width, height, info.pages ?? 1);
    return this.run(input, info, (image) => image.resize({ width, height, fit: 'fill' }));
  }

  async crop(input: Uint8Array, box: CropBox): Promise<ProcessedImage> {
    const info = await this.writable(input);
    if (box.x < 0 || box.y < 0 || box.width < 1 || box.height < 1 || box.x + box.width > info.width || box.y + box.height > info.height) {
      throw new InvalidInputError(`The crop box must lie inside the ${info.width}×${info.height} image`);
    }
    return this.run(input, info, (image) => image.extract({ left: box.x, top: box.y, width: box.width, height: box.height }));
  }

  async thumbnail(input: Uint8Array, size: number): Promise<ProcessedImage> {
    const info = await this.writable(input);
    // Never enlarged, so never more pixels than the input, which passed the limit.
    return this.run(input, info, (image) => image.resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true }));
  }

  private tooLarge(): TooLargeError {
    return new TooLargeError(`The image has more than ${this.options.maxInputPixels} pixels`);
  }

  private tooLargeResult(width: number, height: number, pages: number): TooLargeError {
    return new TooLargeError(`The result would have more than ${this.options.maxInputPixels} pixels (${pages} frames of ${width}×${height})`);
  }

  private async open(input: Uint8Array): Promise<Sharp> {
    const sharp = await loadSharp();
    // `animated` keeps every GIF/WebP frame; the pixel limit then counts all of them.
    return sharp(input, { limitInputPixels: this.options.maxInputPixels, failOn: 'error', animated: true });
  }

  private async writable(input: Uint8Array): Promise<ImageInfo> {
    const info = await this.metadata(input);
    if (!WRITERS[info.format]) throw new TypeNotAllowedError(`Images of type ${info.format} cannot be edited`);
    return info;
  }

  private async run(input: Uint8Array, info: ImageInfo, operation: (image: Sharp) => Sharp): Promise<ProcessedImage> {
    // autoOrient first, so boxes are in displayed pixels, as the editor shows them.
    let image = operation((await this.open(input)).autoOrient());
    if (this.options.keepMetadata) image = image.keepMetadata();
    try {
      const { data, info: out } = await WRITERS[info.format]!(image).toBuffer({ resolveWithObject: true });
      const pages = out.pages && out.pages > 1 ? { pages: out.pages } : {};
      return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), info: { width: out.width, height: out.pageHeight ?? out.height, format: info.format, ...pages } };
    } catch (error) {
      if (isPixelLimitError(error)) throw this.tooLarge();
      throw new TypeNotAllowedError('The image could not be processed');
    }
  }
}
