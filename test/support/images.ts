import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real, solid-colour image made in memory. */
export const makeImage = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'png'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })[format]().toBuffer();

export const dimensionsOf = async (bytes: Uint8Array): Promise<{ width: number; height: number; format: string }> => {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
};

const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A decompression bomb: a valid PNG header that declares `side`×`side`
 * pixels, with almost no data behind it. Decoding it would need gigabytes.
 */
export const pngBomb = (side = 30_000): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(side * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
