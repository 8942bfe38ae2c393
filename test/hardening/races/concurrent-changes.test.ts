import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { entriesUnder } from '../support/disk.js';
import { hardeningFilesClient, type Answer } from '../support/files-client.js';
import { countAttacks } from '../support/recorder.js';
import { scale } from '../support/scale.js';
import { startHardeningServer } from '../support/server.js';

const ROUNDS = scale(20, 200);

/**
 * Two users (or one double click) changing the same item at once: whatever
 * wins, the others find it gone or taken — a 404 or 409, never a 500 — and
 * the disk ends in a state one of the orders would give.
 */
describe(`concurrent changes to one item (${ROUNDS} rounds each)`, () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let server: RunningServer;
  before(async () => {
    temp = await makeTempDir('hardening-races-');
    root = path.join(temp.dir, 'root');
    await mkdir(root);
    server = await startHardeningServer('races/concurrent-changes', {
      files: {
        sources: { docs: { root } },
        allowedExtensions: ['txt'],
        thumbnails: { enabled: false },
        accessControl: [
          { role: 'guest', FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_REMOVE: true, FILE_RENAME: true, FILE_MOVE: true, FILE_DOWNLOAD: true, FOLDER_CREATE: true, FOLDER_REMOVE: true, FOLDER_RENAME: true, FOLDER_MOVE: true },
        ],
      },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  const settle = (answers: Answer[], labels: string[], round: number) => {
    answers.forEach((answer, i) => {
      assert.ok([200, 404, 409].includes(answer.status), `round ${round}, ${labels[i]}: ${answer.status} ${answer.text.slice(0, 200)}`);
      assert.equal(answer.body.success, answer.status === 200, `round ${round}, ${labels[i]}`);
    });
  };

  it('remove, rename, move and download of one file at once', async () => {
    const client = hardeningFilesClient(server);
    for (let round = 0; round < ROUNDS; round++) {
      countAttacks();
      await rm(root, { recursive: true, force: true });
      await mkdir(path.join(root, 'sub'), { recursive: true });
      await writeFile(path.join(root, 'f.txt'), 'the one file');
      const labels = ['fileRemove', 'fileRename', 'fileMove', 'fileMove spec form', 'fileDownload'];
      const answers = await Promise.all([
        client.post('fileRemove', { path: '', name: 'f.txt' }),
        client.post('fileRename', { path: '', name: 'f.txt', newname: 'g.txt' }),
        client.post('fileMove', { from: 'f.txt', path: 'sub' }),
        client.post('fileMove', { path: '', dest: 'sub', name: 'f.txt' }),
        client.get('action=fileDownload&path=&name=f.txt'),
      ]);
      settle(answers.slice(0, 4), labels, round);
      assert.ok([200, 404].includes(answers[4]!.status), `round ${round}, download: ${answers[4]!.status}`);
      const files = (await entriesUnder(root)).filter((entry) => entry.endsWith('.txt'));
      assert.ok(files.length <= 1, `round ${round}: the file is in one place at most: ${files.join(', ')}`);
      assert.ok(!(await entriesUnder(root)).some((entry) => entry.includes('.tmp-')));
    }
  });

  it('remove, rename and move of one folder at once, with a listing, an upload and a new folder inside it', async () => {
    const client = hardeningFilesClient(server);
    for (let round = 0; round < ROUNDS; round++) {
      countAttacks();
      await rm(root, { recursive: true, force: true });
      await mkdir(path.join(root, 'd', 'inner'), { recursive: true });
      await mkdir(path.join(root, 'other'));
      await writeFile(path.join(root, 'd', 'x.txt'), 'x');
      const labels = ['folderRemove', 'folderRename', 'folderMove', 'fileUpload into it', 'folderCreate inside it', 'files of it'];
      const answers = await Promise.all([
        client.post('folderRemove', { path: '', name: 'd' }),
        client.post('folderRename', { path: '', name: 'd', newname: 'e' }),
        client.post('folderMove', { from: 'd', path: 'other' }),
        client.upload([{ name: 'up.txt', content: 'up' }], { path: 'd' }),
        client.post('folderCreate', { path: 'd/inner', name: 'made' }),
        client.get('action=files&path=d'),
      ]);
      settle(answers, labels, round);
      assert.deepEqual((await entriesUnder(root)).filter((entry) => entry.includes('.tmp-')), [], `round ${round}: no temporary file`);
    }
  });
});
