import { CopyObjectCommand, DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { MoveIncompleteError } from '../../../domain/errors.js';
import { copySource } from './s3-keys.js';
import { keysUnder } from './s3-listing.js';

const PARALLEL_KEYS = 8;
const SHOWN_PER_LIST = 50;

interface FolderMove {
  client: S3Client;
  bucket: string;
  /** Key prefixes, each ending in `/`. */
  fromPrefix: string;
  toPrefix: string;
  /** How paths are named in the error: relative to the source root. */
  describe(key: string): string;
}

/** Copies one object to a new key, then deletes the original; `shownAs` names it in an error. */
export const moveObject = async (client: S3Client, bucket: string, from: string, to: string, shownAs: string): Promise<void> => {
  await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: copySource(bucket, from) }));
  try {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: from }));
  } catch (error) {
    throw withCause(
      new MoveIncompleteError('The file was copied but could not be removed from its old place', { moved: [], notMoved: [], inBothPlaces: [shownAs] }),
      error,
    );
  }
};

/** Keeps the storage failure behind a domain error for the logs. */
const withCause = (error: MoveIncompleteError, cause: unknown): MoveIncompleteError => Object.assign(error, { cause });

/**
 * S3 has no rename: every object below the folder is copied, then deleted,
 * a few at a time. When one fails the move stops after the ones in flight,
 * and the error lists what moved, what did not, and what now exists in both
 * places (copied, not yet deleted).
 */
export const moveFolder = async (move: FolderMove): Promise<void> => {
  const moved: string[] = [];
  const inBothPlaces: string[] = [];
  const failures: unknown[] = [];
  const remaining: string[] = [];
  const moveOne = async (key: string) => {
    const target = move.toPrefix + key.slice(move.fromPrefix.length);
    try {
      await move.client.send(new CopyObjectCommand({ Bucket: move.bucket, Key: target, CopySource: copySource(move.bucket, key) }));
    } catch (error) {
      failures.push(error);
      remaining.push(key);
      return;
    }
    try {
      await move.client.send(new DeleteObjectCommand({ Bucket: move.bucket, Key: key }));
      moved.push(key);
    } catch (error) {
      failures.push(error);
      inBothPlaces.push(key);
    }
  };
  for await (const page of keysUnder(move.client, move.bucket, move.fromPrefix)) {
    const keys = page.flatMap((o) => (o.Key ? [o.Key] : []));
    for (let start = 0; start < keys.length && failures.length === 0; start += PARALLEL_KEYS) {
      await Promise.all(keys.slice(start, start + PARALLEL_KEYS).map(moveOne));
    }
    if (failures.length > 0) break;
  }
  if (failures.length === 0) return;
  const notMoved = await leftBehind(move, remaining, inBothPlaces);
  const shown = (keys: string[]) => keys.slice(0, SHOWN_PER_LIST).map(move.describe);
  throw withCause(
    new MoveIncompleteError(
      `The move stopped part-way: ${moved.length} item(s) moved, ${notMoved.length} not moved, ` +
        `${inBothPlaces.length} copied but still in the old place`,
      { moved: shown(moved), notMoved: shown(notMoved), inBothPlaces: shown(inBothPlaces) },
    ),
    failures[0],
  );
};

/** What is still only in the old place: a fresh listing when storage answers, else what failed. */
const leftBehind = async (move: FolderMove, failed: string[], inBothPlaces: string[]): Promise<string[]> => {
  try {
    const left: string[] = [];
    for await (const page of keysUnder(move.client, move.bucket, move.fromPrefix)) {
      for (const object of page) if (object.Key && !inBothPlaces.includes(object.Key)) left.push(object.Key);
    }
    return left;
  } catch {
    return failed;
  }
};
