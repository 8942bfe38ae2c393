import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { TooLargeError } from 'editor-backend';

/** A blob written to a temporary file, not yet part of the store. */
export interface StagedBlob {
  hash: string;
  size: number;
  /** Moves it into `objects/` (or drops it when the same content is already there). */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Immutable files named by the SHA-256 of their content,
 * `objects/ab/cdef…` — nothing a user typed ever becomes a path on disk.
 * Bytes are staged under `tmp/` while they are hashed, so a blob under
 * `objects/` is always complete.
 */
export class BlobStore {
  constructor(private readonly root: string) {}

  async init(): Promise<void> {
    // Staged blobs of a process that died are never committed: clear them.
    await rm(path.join(this.root, 'tmp'), { recursive: true, force: true });
    await mkdir(path.join(this.root, 'tmp'), { recursive: true });
    await mkdir(path.join(this.root, 'objects'), { recursive: true });
  }

  pathOf(hash: string): string {
    return path.join(this.root, 'objects', hash.slice(0, 2), hash.slice(2));
  }

  async stage(content: AsyncIterable<Uint8Array>, maxBytes?: number): Promise<StagedBlob> {
    const temp = path.join(this.root, 'tmp', randomUUID());
    const out = createWriteStream(temp, { flags: 'wx' });
    const hash = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of content) {
        size += chunk.byteLength;
        if (maxBytes !== undefined && size > maxBytes) throw new TooLargeError(`The file is larger than ${maxBytes} bytes`);
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await finished(out);
    } catch (error) {
      out.destroy();
      await rm(temp, { force: true });
      throw error;
    }
    const digest = hash.digest('hex');
    return {
      hash: digest,
      size,
      commit: async () => {
        const target = this.pathOf(digest);
        if (await exists(target)) return rm(temp, { force: true });
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
      },
      discard: () => rm(temp, { force: true }),
    };
  }

  /** Opens a blob; resolves once it is open (an open file survives its removal on POSIX). */
  async read(hash: string): Promise<AsyncIterable<Uint8Array>> {
    const handle = await open(this.pathOf(hash), 'r');
    return handle.createReadStream();
  }

  remove(hash: string): Promise<void> {
    return rm(this.pathOf(hash), { force: true });
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
