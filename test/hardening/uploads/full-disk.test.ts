import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { LocalFileStorage } from '../../../src/adapters/outbound/storage/local-file-storage.js';
import { StaticFileSources } from '../../../src/adapters/outbound/storage/static-file-sources.js';
import type { SafePath } from '../../../src/domain/files/safe-path.js';
import type { FileStorage, WriteOptions } from '../../../src/ports/file-storage.js';
import { makeImage } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { entriesUnder, temporaryFilesUnder } from '../support/disk.js';
import { hardeningFilesClient, type Answer } from '../support/files-client.js';
import { countFaults } from '../support/recorder.js';
import { startHardeningServer } from '../support/server.js';

const FULL = { success: false, data: { code: 507, messages: ['There is no space left in the storage'] } };
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** The real local storage, whose writes run out of space after `failAfter` bytes, as a full disk would make them. */
class FillingUpStorage implements FileStorage {
  full = false;
  constructor(
    private readonly inner: LocalFileStorage,
    public failAfter: number,
  ) {}
  list = (folder: SafePath) => this.inner.list(folder);
  stat = (target: SafePath) => this.inner.stat(target);
  createFolder = (target: SafePath) => this.inner.createFolder(target);
  read = (target: SafePath) => this.inner.read(target);
  remove = (target: SafePath) => this.inner.remove(target);
  removeFolder = (target: SafePath) => this.inner.removeFolder(target);
  move = (from: SafePath, to: SafePath) => this.inner.move(from, to);
  write(target: SafePath, content: AsyncIterable<Uint8Array>, options?: WriteOptions) {
    if (!this.full) return this.inner.write(target, content, options);
    countFaults();
    const failAfter = this.failAfter;
    async function* runningOut() {
      let written = 0;
      for await (const chunk of content) {
        written += chunk.length;
        if (written > failAfter) throw enospc();
        yield chunk;
      }
    }
    return this.inner.write(target, runningOut(), options);
  }
}

const assertFull = (answer: Answer, where: string) => {
  assert.equal(answer.status, 507, `${where}: ${answer.text}`);
  assert.deepEqual(answer.body, FULL, where);
};

describe('a full disk: 507 with a clear message, and no partial file (injected ENOSPC)', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let storage: FillingUpStorage;
  let server: RunningServer;
  before(async () => {
    temp = await makeTempDir('hardening-enospc-');
    root = path.join(temp.dir, 'root');
    await mkdir(root);
    await writeFile(path.join(root, 'pic.png'), await makeImage(64, 64));
    storage = new FillingUpStorage(new LocalFileStorage(root), 16 * 1024);
    server = await startHardeningServer(
      'uploads/full-disk',
      { files: { sources: { docs: { root } }, allowedExtensions: ['bin', 'png', 'txt'], accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD: true, IMAGE_RESIZE: true }] } },
      { overrides: { fileSources: new StaticFileSources([{ name: 'docs', title: 'Docs', baseurl: '/files/docs/', storage }]) } },
    );
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  it('an upload that runs out of space mid-file: 507, nothing left behind; the same upload works once there is room', async () => {
    storage.full = true;
    const before = await entriesUnder(root);
    assertFull(await hardeningFilesClient(server).upload([{ name: 'big.bin', content: new Uint8Array(256 * 1024) }]), 'upload');
    assertFull(await hardeningFilesClient(server).upload([{ name: 'a.bin', content: new Uint8Array(64 * 1024) }, { name: 'b.bin', content: new Uint8Array(64 * 1024) }]), 'batch');
    assert.deepEqual(await entriesUnder(root), before);
    storage.full = false;
    assert.equal((await hardeningFilesClient(server).upload([{ name: 'big.bin', content: new Uint8Array(256 * 1024) }])).status, 200);
  });

  it('an image edit that runs out of space: 507, and the original is untouched', async () => {
    const original = await readFile(path.join(root, 'pic.png'));
    storage.full = true;
    storage.failAfter = 0;
    assertFull(await hardeningFilesClient(server).post('imageResize', { path: '', name: 'pic.png', box: '32,32' }), 'imageResize in place');
    storage.full = false;
    assert.ok((await readFile(path.join(root, 'pic.png'))).equals(original));
    assert.deepEqual(await temporaryFilesUnder(root), []);
  });
});

/** A real full filesystem: a 1 MiB tmpfs (needs root and mount; skipped elsewhere). */
const mountTmpfs = (dir: string, options: string): boolean => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('a full disk: a real 1 MiB tmpfs', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let mounted: { data: boolean; inodes: boolean } = { data: false, inodes: false };
  let server: RunningServer | undefined;
  before(async () => {
    temp = await makeTempDir('hardening-tmpfs-');
    await mkdir(path.join(temp.dir, 'data'));
    await mkdir(path.join(temp.dir, 'inodes'));
    mounted = {
      data: process.getuid?.() === 0 && mountTmpfs(path.join(temp.dir, 'data'), 'size=1m'),
      inodes: process.getuid?.() === 0 && mountTmpfs(path.join(temp.dir, 'inodes'), 'size=1m,nr_inodes=8'),
    };
    if (!mounted.data || !mounted.inodes) return;
    server = await startHardeningServer('uploads/full-disk-tmpfs', {
      files: {
        sources: { data: { root: path.join(temp.dir, 'data') }, inodes: { root: path.join(temp.dir, 'inodes') } },
        maxFileSize: 8 * 1024 * 1024,
        allowedExtensions: ['bin', 'txt'],
        accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD: true, FOLDER_CREATE: true }],
      },
    });
  });
  after(async () => {
    await server?.close(0);
    for (const dir of ['data', 'inodes']) if (mounted[dir as 'data']) execFileSync('umount', [path.join(temp.dir, dir)]);
    await temp.remove();
  });

  it('out of blocks: 507 for an upload larger than the room, nothing left behind, room freed for the next', async (t) => {
    if (!server) return t.skip('tmpfs cannot be mounted here (needs root); the injected ENOSPC tests above still ran');
    countFaults();
    const client = hardeningFilesClient(server);
    assertFull(await client.upload([{ name: 'two-mib.bin', content: new Uint8Array(2 * 1024 * 1024) }], { source: 'data' }), 'a 2 MiB upload into 1 MiB');
    assert.deepEqual(await entriesUnder(path.join(temp.dir, 'data')), []);
    const fits = await client.upload([{ name: 'fits.txt', content: 'x'.repeat(100 * 1024) }], { source: 'data' });
    assert.equal(fits.status, 200, fits.text);
    assert.deepEqual(await entriesUnder(path.join(temp.dir, 'data')), ['fits.txt']);
    await rm(path.join(temp.dir, 'data', 'fits.txt'));
  });

  it('out of inodes: 507 for an upload and for a new folder, not a 500', async (t) => {
    if (!server) return t.skip('tmpfs cannot be mounted here (needs root)');
    countFaults(2);
    const client = hardeningFilesClient(server);
    const made: string[] = [];
    // Use the inodes up with real folders; the ones the filesystem refuses must be a clear 507.
    let answer: Answer | undefined;
    for (let i = 0; i < 16; i++) {
      answer = await client.post('folderCreate', { source: 'inodes', path: '', name: `d${i}` });
      if (answer.status !== 200) break;
      made.push(`d${i}`);
    }
    assert.ok(answer && answer.status !== 200, 'the filesystem ran out of inodes');
    assertFull(answer, 'folderCreate with no inode left');
    assertFull(await client.upload([{ name: 'a.txt', content: 'a' }], { source: 'inodes' }), 'upload with no inode left');
    assert.deepEqual(await entriesUnder(path.join(temp.dir, 'inodes')), made);
  });
});
