import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from '../../../src/adapters/outbound/storage-s3/s3-client.js';
import { S3FileStorage } from '../../../src/adapters/outbound/storage-s3/s3-file-storage.js';
import { MoveIncompleteError, NotFoundError, TooLargeError } from '../../../src/domain/errors.js';
import { SafePath } from '../../../src/domain/files/safe-path.js';
import { startS3Server, type RunningS3 } from '../../support/s3-server.js';

const MiB = 1024 * 1024;
const BUCKET = 'specifics';
const text = (value: string) => (async function* () { yield new TextEncoder().encode(value); })();
const names = async (storage: S3FileStorage, folder = '') => (await storage.list(SafePath.parse(folder))).map((e) => e.name.value).sort();

describe('S3FileStorage against a real S3 protocol server', () => {
  let s3: RunningS3;
  let client: S3Client;
  const storageAt = (prefix: string, partSize = 5 * MiB, queueSize = 2, at = client) =>
    new S3FileStorage({ client: at, bucket: BUCKET, prefix, partSize, queueSize, conditionalWrites: true });

  before(async () => {
    s3 = await startS3Server();
    await s3.createBucket(BUCKET);
    client = createS3Client(s3.connection);
  });
  after(async () => {
    client.destroy();
    await s3.close();
  });

  it('lists a folder of more than 1000 objects across pages, and removes it whole', async () => {
    const storage = storageAt('paging/');
    const keys = Array.from({ length: 1205 }, (_, i) => `paging/many/file-${String(i).padStart(4, '0')}.txt`);
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(keys.slice(start, start + 50).map((Key) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x' }))));
    }
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'paging/many/sub/inner.txt', Body: 'x' }));
    const listed = await storage.list(SafePath.parse('many'));
    assert.equal(listed.filter((e) => e.kind === 'file').length, 1205);
    assert.deepEqual(listed.filter((e) => e.kind === 'folder').map((e) => e.name.value), ['sub']);
    await storage.removeFolder(SafePath.parse('many'));
    assert.deepEqual(await names(storage), []);
  });

  it('streams a large upload as a multipart upload without reading far ahead of what the server has stored', async () => {
    const partSize = 5 * MiB;
    const queueSize = 2;
    const storage = storageAt('large/', partSize, queueSize);
    const uploads = path.join(s3.directory, BUCKET, '._S3rver_uploads');
    const storedParts = async () => {
      let total = 0;
      for (const upload of await readdir(uploads).catch(() => [])) {
        for (const part of await readdir(path.join(uploads, upload))) {
          if (/^\d+$/.test(part)) total += (await stat(path.join(uploads, upload, part))).size;
        }
      }
      return total;
    };
    const total = 40 * MiB;
    const chunk = new Uint8Array(256 * 1024).map((_, i) => i % 251);
    const sent = createHash('sha256');
    let produced = 0;
    let furthestAhead = 0;
    const content = async function* () {
      while (produced < total) {
        furthestAhead = Math.max(furthestAhead, produced - (await storedParts()));
        produced += chunk.length;
        sent.update(chunk);
        yield chunk;
      }
    };
    const { size } = await storage.write(SafePath.parse('big.bin'), content());
    assert.equal(size, total);
    // Parts in flight plus the one being filled: the rest of the file stays unread.
    assert.ok(furthestAhead <= (queueSize + 2) * partSize, `read ${furthestAhead} bytes ahead of the server`);
    const received = createHash('sha256');
    for await (const part of await storage.read(SafePath.parse('big.bin'))) received.update(part);
    assert.equal(received.digest('hex'), sent.digest('hex'));
    assert.equal((await storage.stat(SafePath.parse('big.bin')))?.size, total);
  });

  it('stops a multipart upload that passes maxBytes, leaving no object', async () => {
    const storage = storageAt('limit/');
    const content = async function* () {
      for (let i = 0; i < 20; i++) yield new Uint8Array(MiB);
    };
    await assert.rejects(storage.write(SafePath.parse('too-big.bin'), content(), { maxBytes: 12 * MiB }), TooLargeError);
    assert.equal(await storage.stat(SafePath.parse('too-big.bin')), undefined);
    assert.deepEqual(await names(storage), []);
  });

  it('keeps sources that share a bucket apart by prefix', async () => {
    const siteA = storageAt('tenant');
    const siteB = storageAt('tenant-b/');
    await siteA.write(SafePath.parse('secret.txt'), text('a only'));
    await siteB.write(SafePath.parse('public.txt'), text('b only'));
    assert.deepEqual(await names(siteA), ['secret.txt']);
    assert.deepEqual(await names(siteB), ['public.txt']);
    assert.equal(await siteB.stat(SafePath.parse('secret.txt')), undefined);
    await assert.rejects(siteB.read(SafePath.parse('secret.txt')), NotFoundError);
    await assert.rejects(siteB.remove(SafePath.parse('secret.txt')), NotFoundError);
    assert.deepEqual(await names(storageAt('tenant/')), ['secret.txt']);
  });

  it('reports what moved and what did not when a folder move is interrupted', async () => {
    const failing = createS3Client(s3.connection);
    let copies = 0;
    failing.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'CopyObjectCommand' && ++copies === 3) throw new Error('connection reset');
        return next(args);
      },
      { step: 'initialize', name: 'failThirdCopy' },
    );
    const storage = storageAt('moving/', 5 * MiB, 2, failing);
    await storage.createFolder(SafePath.parse('from'));
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) await storage.write(SafePath.parse(`from/${name}`), text(name));
    const error = await storage.move(SafePath.parse('from'), SafePath.parse('to')).then(
      () => assert.fail('the move should have failed'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof MoveIncompleteError, String(error));
    const details = error.details as { moved: string[]; notMoved: string[]; inBothPlaces: string[] };
    assert.equal(details.moved.length, 4);
    assert.equal(details.notMoved.length, 1);
    assert.deepEqual(details.inBothPlaces, []);
    assert.match(error.message, /4 item\(s\) moved, 1 not moved/);
    const stillThere = details.notMoved[0]!;
    assert.equal((await storage.stat(SafePath.parse(stillThere)))?.kind, stillThere.endsWith('/') ? 'folder' : 'file');
    for (const moved of details.moved.filter((p) => !p.endsWith('/'))) {
      assert.equal(await storage.stat(SafePath.parse(moved)), undefined);
      assert.equal((await storage.stat(SafePath.parse(moved.replace(/^from\//, 'to/'))))?.kind, 'file');
    }
    failing.destroy();
  });

  it('reports a file moved by copy whose original could not be deleted as being in both places', async () => {
    const failing = createS3Client(s3.connection);
    failing.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'DeleteObjectCommand') throw new Error('connection reset');
        return next(args);
      },
      { step: 'initialize', name: 'failDeletes' },
    );
    const storage = storageAt('copy-only/', 5 * MiB, 2, failing);
    await storage.write(SafePath.parse('note.txt'), text('note'));
    await assert.rejects(storage.move(SafePath.parse('note.txt'), SafePath.parse('renamed.txt')), (error: unknown) => {
      assert.ok(error instanceof MoveIncompleteError);
      assert.deepEqual(error.details, { moved: [], notMoved: [], inBothPlaces: ['note.txt'] });
      return true;
    });
    assert.deepEqual(await names(storage), ['note.txt', 'renamed.txt']);
    failing.destroy();
  });
});
