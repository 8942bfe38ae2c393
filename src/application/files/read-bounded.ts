import { TooLargeError } from '../../domain/errors.js';

/** Collects a stream into one buffer, refusing it past `maxBytes` without reading further. */
export const readBounded = async (content: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new TooLargeError(`The file is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
};

export async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}
