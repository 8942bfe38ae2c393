import { randomUUID } from 'node:crypto';
import { link, open, readlink, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AlreadyExistsError, NotFoundError, StorageFullError, TooLargeError } from '../../../domain/errors.js';
import { errnoCode, isStorageFull } from './errno.js';


const byteLimit = (maxBytes: number | undefined, counter: { size: number }) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.size += chunk.length;
      if (maxBytes !== undefined && counter.size > maxBytes) {
        callback(new TooLargeError(`The file is larger than ${maxBytes} bytes`));
        return;
      }
      callback(null, chunk);
    },
  });

/**
 * Streams into a hidden temporary file beside the target, then puts it in
 * place: `rename` to replace, `link` to refuse an existing name atomically
 * (two uploads of one name can never overwrite each other).
 */
export const writeAtomically = async (
  target: string,
  content: AsyncIterable<Uint8Array>,
  options: { maxBytes?: number; overwrite?: boolean; candidates?: (n: number) => string },
): Promise<{ size: number; written: string }> => {
  const temporary = path.join(path.dirname(target), `.tmp-${randomUUID()}`);
  const counter = { size: 0 };
  let written = target;
  let tracker: FileHandle | undefined;
  try {
    // Opened before the pipeline starts: a stream that opens lazily can create the file after a failed
    // pipeline has already been cleaned up, leaving an empty temporary file behind.
    const file = await open(temporary, 'wx', 0o644);
    tracker = await open(temporary, 'r').catch(() => undefined);
    await pipeline(content, byteLimit(options.maxBytes, counter), file.createWriteStream());
    if (options.overwrite) {
      await rename(temporary, target);
    } else {
      written = await linkToFreeName(temporary, target, options.candidates);
    }
  } catch (error) {
    await removeTemporary(tracker, temporary, 0);
    if (errnoCode(error) === 'EEXIST') throw new AlreadyExistsError(`"${path.basename(target)}" already exists`);
    if (isStorageFull(error)) throw new StorageFullError();
    // The folder was removed while the file streamed in (a concurrent request): 404, not an unexpected failure.
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') throw new NotFoundError(`The folder of "${path.basename(target)}" is gone`);
    throw error;
  }
  // Renamed into place (overwrite) or linked there: the file keeps one name, the target's.
  await removeTemporary(tracker, temporary, 1);
  return { size: counter.size, written };
};

/**
 * Removes the temporary file wherever it is now: a concurrent rename or move
 * of its folder takes it along, even between finding its path and unlinking
 * it. `tracker`, a handle kept open on it, tells how many names the file
 * still has (`keptLinks`: 1 once it is in place, else 0) and, on Linux, where
 * its temporary name is now; elsewhere only the first path is tried.
 */
const removeTemporary = async (tracker: FileHandle | undefined, temporary: string, keptLinks: number): Promise<void> => {
  await unlink(temporary).catch(() => undefined);
  for (let attempt = 0; tracker && attempt < 5; attempt++) {
    const links = await tracker.stat().then((stats) => stats.nlink, () => 0);
    if (links <= keptLinks) break;
    const current = await readlink(`/proc/self/fd/${tracker.fd}`).catch(() => undefined);
    if (!current || current.endsWith(' (deleted)')) break;
    await unlink(current).catch(() => undefined);
  }
  await tracker?.close().catch(() => undefined);
};

const MAX_NUMBERED = 10_000;

/** `link` fails when the name exists, so trying candidates in turn can never replace anyone's file. */
const linkToFreeName = async (temporary: string, target: string, candidates?: (n: number) => string): Promise<string> => {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? target : path.join(path.dirname(target), candidates!(n));
    try {
      await link(temporary, candidate);
      return candidate;
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST' || !candidates || n >= MAX_NUMBERED) throw error;
    }
  }
};
