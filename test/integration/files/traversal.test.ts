import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { filesClient } from '../../support/files-client.js';
import { PATH_ATTACKS as ATTACKS } from '../../support/path-attacks.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

describe(`path traversal: ${ATTACKS.length} attack strings against every action that takes a path or name`, () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let server: RunningServer;

  /** Everything outside the root, with sizes and times: must be identical after the attacks. */
  const outsideSnapshot = async (): Promise<string> => {
    const walk = async (dir: string): Promise<string[]> => {
      const out: string[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (full === root) continue;
        const info = await stat(full).catch(() => undefined);
        out.push(`${full}:${entry.isDirectory() ? 'd' : info?.size}:${info?.mtimeMs}`);
        if (entry.isDirectory()) out.push(...(await walk(full)));
      }
      return out;
    };
    return JSON.stringify(await walk(temp.dir));
  };

  before(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'root');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await writeFile(path.join(root, 'inside.txt'), 'inside');
    await writeFile(path.join(temp.dir, 'outside.txt'), 'OUTSIDE-SECRET');
    await mkdir(path.join(temp.dir, 'secrets'));
    await writeFile(path.join(temp.dir, 'secrets', 'secret.txt'), 'OUTSIDE-SECRET');
    await symlink(path.join(temp.dir, 'secrets'), path.join(root, 'link-out'));
    await symlink(temp.dir, path.join(root, 'sub', 'link-up'));
    server = await startTestServer({
      files: {
        sources: { docs: { root, baseurl: '/files/docs/' } },
        accessControl: [{ role: 'guest', FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_REMOVE: true, FILE_MOVE: true, FILE_RENAME: true, FILE_DOWNLOAD: true, FOLDER_CREATE: true, FOLDER_REMOVE: true, FOLDER_MOVE: true, FOLDER_RENAME: true }],
      },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  it('reads, lists, creates, renames, moves and deletes nothing outside the root', async () => {
    const before = await outsideSnapshot();
    const client = filesClient(server);
    let requests = 0;
    const leaks: string[] = [];
    const check = (attack: string, where: string, body: unknown) => {
      requests += 1;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      // An uploaded file's name keeps only its last segment (`../outside.txt` is stored as `outside.txt` inside the root), so only its content and paths count there.
      const namesLeak = where !== 'upload name' && /"outside\.txt"|"secret\.txt"|"secrets"/.test(text);
      if (text.includes('OUTSIDE-SECRET') || text.includes(temp.dir) || namesLeak) leaks.push(`${where} ${JSON.stringify(attack)}`);
    };
    for (const attack of ATTACKS) {
      check(attack, 'files path', (await client.get(`action=files&path=${encodeURIComponent(attack)}`)).body);
      check(attack, 'folders path', (await client.post('folders', { path: attack })).body);
      check(attack, 'download', (await client.get(`action=fileDownload&path=&name=${encodeURIComponent(attack)}`)).body);
      check(attack, 'download path', (await client.get(`action=fileDownload&path=${encodeURIComponent(attack)}&name=outside.txt`)).body);
      check(attack, 'upload path', (await client.upload([{ name: 'planted.txt', content: 'planted' }], { path: attack })).body);
      check(attack, 'upload name', (await client.upload([{ name: attack, content: 'planted' }])).body);
      check(attack, 'rename name', (await client.post('fileRename', { path: '', name: attack, newname: 'x.txt' })).body);
      check(attack, 'rename newname', (await client.post('fileRename', { path: '', name: 'inside.txt', newname: attack })).body);
      check(attack, 'move from', (await client.post('fileMove', { from: attack, path: 'sub/' })).body);
      check(attack, 'move dest', (await client.post('fileMove', { from: 'inside.txt', path: attack })).body);
      check(attack, 'move spec dest', (await client.post('fileMove', { path: '', dest: attack, name: 'inside.txt' })).body);
      check(attack, 'remove name', (await client.post('fileRemove', { path: '', name: attack })).body);
      check(attack, 'remove path', (await client.post('fileRemove', { path: attack, name: 'outside.txt' })).body);
      check(attack, 'folder create', (await client.post('folderCreate', { path: attack, name: 'planted' })).body);
      check(attack, 'folder create name', (await client.post('folderCreate', { path: '', name: attack })).body);
      check(attack, 'folder remove', (await client.post('folderRemove', { path: '', name: attack })).body);
      check(attack, 'folder move', (await client.post('folderMove', { from: attack, path: 'sub/' })).body);
      check(attack, 'folder rename', (await client.post('folderRename', { path: '', name: 'sub', newname: attack })).body);
      check(attack, 'static', await (await fetch(`${server.url}/files/docs/${attack.split('/').map(encodeURIComponent).join('/')}`)).text());
      check(attack, 'static raw', await (await fetch(`${server.url}/files/docs/${attack}`).catch(() => new Response(''))).text());
      // put the one legitimate file back if a test-legal action moved it
      await writeFile(path.join(root, 'inside.txt'), 'inside');
    }
    assert.deepEqual(leaks, [], 'nothing from outside the root appears in any answer');
    assert.equal(await outsideSnapshot(), before, 'the tree outside the root is untouched');
    assert.equal(await readFile(path.join(temp.dir, 'outside.txt'), 'utf8'), 'OUTSIDE-SECRET');
    assert.ok(requests >= ATTACKS.length * 20);
    assert.ok(ATTACKS.length >= 40);
  });
});
