/**
 * Image files made to hurt a decoder: small on disk, huge or broken once
 * decoded. Built byte by byte, so nothing here needs an image library.
 */

/** The classic 1×1 GIF frame: image descriptor at (0,0), LZW minimum code size 2, one pixel of colour 0. */
const ONE_PIXEL_FRAME = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);

/** A graphic control extension: 1/100 s per frame, so each frame is a page of an animation. */
const FRAME_DELAY = Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00]);

const NETSCAPE_LOOP = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('NETSCAPE2.0', 'latin1'), Buffer.from([0x03, 0x01, 0x00, 0x00, 0x00])]);

/**
 * An animated GIF bomb: a `width`×`height` logical screen and `frames`
 * one-pixel frames. A decoder that composes every frame on the full screen
 * needs width × height × frames pixels; the file is ~23 bytes a frame.
 */
export const gifBomb = (width: number, height: number, frames: number): Buffer => {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // a global colour table of 2 entries
  const palette = Buffer.from([0xff, 0xff, 0xff, 0, 0, 0]);
  const frame = Buffer.concat([FRAME_DELAY, ONE_PIXEL_FRAME]);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, palette, NETSCAPE_LOOP, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
};

/** The first `fraction` of a real file: a download cut short. */
export const truncated = (bytes: Buffer, fraction = 0.5): Buffer => bytes.subarray(0, Math.max(8, Math.floor(bytes.length * fraction)));

/** A PNG signature followed by noise: the type is claimed, nothing else holds. */
export const pngSignatureThenNoise = (size = 4096): Buffer => {
  const noise = Buffer.alloc(size);
  for (let i = 0; i < size; i++) noise[i] = (i * 2654435761) >>> 24;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), noise]);
};

/**
 * A real JPEG whose start-of-frame is patched to declare `side`×`side`
 * pixels: the header a decoder trusts says gigapixels, the data is a few
 * hundred bytes.
 */
export const jpegHeaderBomb = (realJpeg: Buffer, side = 65_500): Buffer => {
  const bytes = Buffer.from(realJpeg);
  for (let i = 2; i < bytes.length - 9; i++) {
    if (bytes[i] === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2)) {
      bytes.writeUInt16BE(side, i + 5); // height
      bytes.writeUInt16BE(side, i + 7); // width
      return bytes;
    }
  }
  throw new Error('no start-of-frame marker in the JPEG');
};

/** A real animated GIF: `frames` frames of `width`×`height`, each a different red. */
export const animatedGif = async (width: number, height: number, frames: number): Promise<Buffer> => {
  const { default: sharp } = await import('sharp');
  const stills = await Promise.all(
    Array.from({ length: frames }, (_, i) => sharp({ create: { width, height, channels: 3, background: { r: 40 + ((i * 70) % 200), g: 0, b: 0 } } }).png().toBuffer()),
  );
  return sharp(stills, { join: { animated: true } }).gif().toBuffer();
};

/** Frame size and count as a viewer sees them. */
export const framesOf = async (bytes: Uint8Array): Promise<{ width: number; height: number; pages: number }> => {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes, { animated: true }).metadata();
  const pages = meta.pages ?? 1;
  return { width: meta.width, height: meta.pageHeight ?? meta.height / pages, pages };
};
