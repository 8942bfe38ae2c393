/** What the processor reads from an image header; width and height as displayed (EXIF orientation applied). */
export interface ImageInfo {
  /** One frame's size: an animation's frames all share it. */
  width: number;
  height: number;
  /** `jpeg`, `png`, `webp`, `gif`, `avif`, `tiff`, `svg`, … */
  format: string;
  /** Frames of an animated GIF or WebP; absent for a still image. */
  pages?: number;
}

/** A target box; a missing side keeps the aspect ratio. */
export interface ResizeBox {
  width?: number;
  height?: number;
}

/** A region in displayed pixels, inside the image. */
export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ProcessedImage {
  data: Uint8Array;
  info: ImageInfo;
}

/**
 * Raster image operations. Input and output are whole buffers, bounded by the
 * caller (the file size limit on the way in, the box limits on the way out):
 * a decoder needs the whole image anyway, and one buffer lets the header be
 * checked (pixel limit) before any pixel is decoded.
 *
 * Every operation honours EXIF orientation, keeps the input's format, strips
 * metadata unless the adapter is configured to keep it, and fails with
 * `TypeNotAllowedError` for bytes that are not an image it can write back,
 * `TooLargeError` for an image over the pixel limit (a decompression bomb is
 * refused from its header) or a result over it (every frame of an animation
 * counts), `InvalidInputError` for a box outside the image.
 */
export interface ImageProcessor {
  metadata(input: Uint8Array): Promise<ImageInfo>;
  resize(input: Uint8Array, box: ResizeBox): Promise<ProcessedImage>;
  crop(input: Uint8Array, box: CropBox): Promise<ProcessedImage>;
  /** Fits the image inside `size`×`size`, never enlarging it. */
  thumbnail(input: Uint8Array, size: number): Promise<ProcessedImage>;
}
