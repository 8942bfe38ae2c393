import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { filesClient } from '../../support/files-client.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

const ALL = {
  FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_REMOVE: true, FILE_MOVE: true, FILE_RENAME: true, FILE_DOWNLOAD: true,
  FOLDER_CREATE: true, FOLDER_REMOVE: true, FOLDER_MOVE: true, FOLDER_RENAME: true,
};

describe('file and folder actions over HTTP', () => {
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let client: ReturnType<typeof filesClient>;
  const exists = async (relative: string) => readFile(path.join(root, relative)).then(() => true, () => false);
  const listing = async (relative = '') => (await readdir(path.join(root, relative))).sort();

  before(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'root');
    server = await startTestServer({
      files: {
        sources: { docs: { root, baseurl: '/files/docs/' } },
        accessControl: [{ role: 'guest', ...ALL }],
        maxFileSize: 1024,
        allowedExtensions: ['txt', 'jpg', 'png', 'svg'],
      },
    });
    client = filesClient(server);
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });
  beforeEach(async () => {
    await import('node:fs/promises').then((fs) => fs.rm(root, { recursive: true, force: true }));
    await mkdir(path.join(root, 'docs'), { recursive: true });
    await writeFile(path.join(root, 'a.txt'), 'alpha');
    await writeFile(path.join(root, 'b.txt'), 'beta');
    await writeFile(path.join(root, 'docs', 'inner.txt'), 'inner');
  });

  it('folders: "." first at the root, ".." below, hidden folders never', async () => {
    await mkdir(path.join(root, '.thumbs'));
    const top = await client.post('folders', { path: '' });
    assert.equal(top.status, 200);
    assert.deepEqual(top.body.data.sources[0].folders, ['.', 'docs']);
    const below = await client.post('folders', { path: 'docs/' });
    assert.deepEqual(below.body.data.sources[0].folders, ['..']);
    assert.equal((await client.post('folders', { path: 'missing' })).status, 404);
  });

  it('permissions: allow<Flag> booleans for the role', async () => {
    const { status, body } = await client.post('permissions', { path: '' });
    assert.equal(status, 200);
    assert.equal(body.data.permissions.allowFileUpload, true);
    assert.equal(body.data.permissions.allowGeneratePdf, false);
  });

  it('fileUpload: streams several files, numbers a taken name, answers paths from the root', async () => {
    const { status, body } = await client.upload([{ name: 'a.txt', content: 'again' }, { name: 'new.txt', content: 'new' }], { path: 'docs/', source: 'docs' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.data.files, ['docs/a.txt', 'docs/new.txt']);
    assert.deepEqual(body.data.isImages, [false, false]);
    assert.match(body.data.baseurl, /^http:\/\/127\.0\.0\.1:\d+\/files\/docs\/$/);
    const again = await client.upload([{ name: 'a.txt', content: 'third' }]);
    assert.deepEqual(again.body.data.files, ['a-1.txt']);
    assert.equal(await readFile(path.join(root, 'a.txt'), 'utf8'), 'alpha', 'the original is never overwritten');
  });

  it('fileUpload: 415 for a type not allowed, 413 over the size limit, nothing left behind', async () => {
    const before = await listing();
    const refused = await client.upload([{ name: 'tool.exe', content: 'MZ' }]);
    assert.equal(refused.status, 415);
    assert.deepEqual(refused.body, { success: false, data: { code: 415, messages: ['Files of type "exe" are not allowed'] } });
    const tooBig = await client.upload([{ name: 'big.txt', content: 'x'.repeat(2048) }]);
    assert.equal(tooBig.status, 413);
    assert.deepEqual(await listing(), before);
  });

  it('fileUpload: keeps the good files of a mixed batch and names the refused ones', async () => {
    const { status, body } = await client.upload([{ name: 'ok.txt', content: 'ok' }, { name: 'bad.php', content: '<?php' }]);
    assert.equal(status, 200);
    assert.deepEqual(body.data.files, ['ok.txt']);
    assert.match(body.data.messages.join(' '), /bad\.php: Files of type "php" are not allowed/);
    assert.equal(await exists('bad.php'), false);
  });

  it('fileUpload: sanitises SVG, and a double extension counts by its last part', async () => {
    await client.upload([{ name: 'x.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>' }]);
    const stored = await readFile(path.join(root, 'x.svg'), 'utf8');
    assert.doesNotMatch(stored, /script|onload|alert/);
    assert.match(stored, /<circle/);
    assert.equal((await client.upload([{ name: 'x.php.txt', content: 'fine' }])).status, 200);
    assert.equal((await client.upload([{ name: 'x.txt.php', content: '<?php' }])).status, 415);
  });

  it('fileUpload: 400 without a file, 404 to a missing folder, 405 by GET', async () => {
    const form = new FormData();
    form.append('path', '');
    assert.equal((await fetch(`${server.url}/?action=fileUpload`, { method: 'POST', body: form })).status, 400);
    assert.equal((await client.upload([{ name: 'a.txt', content: 'x' }], { path: 'nowhere/' })).status, 404);
    assert.equal((await client.get('action=fileUpload')).status, 405);
  });

  it('fileRemove: one name or several; a missing one is reported, the rest removed', async () => {
    assert.equal((await client.post('fileRemove', { path: '', name: 'a.txt' })).status, 200);
    assert.equal(await exists('a.txt'), false);
    const mixed = await client.post('fileRemove', { path: '', name: ['b.txt', 'ghost.txt'] });
    assert.equal(mixed.status, 200);
    assert.deepEqual(mixed.body.data.done, ['b.txt']);
    assert.equal(mixed.body.data.failed[0].name, 'ghost.txt');
    assert.equal((await client.post('fileRemove', { path: '', name: 'ghost.txt' })).status, 404);
    assert.equal((await client.post('fileRemove', { path: '' })).status, 400);
  });

  it('fileMove: the Jodit form (from, path) and the spec form (path, dest, names)', async () => {
    assert.equal((await client.post('fileMove', { from: 'a.txt', path: 'docs/' })).status, 200);
    assert.equal(await exists('docs/a.txt'), true);
    assert.equal((await client.post('fileMove', { path: '', dest: 'docs', name: ['b.txt'] })).status, 200);
    assert.equal(await exists('docs/b.txt'), true);
    await writeFile(path.join(root, 'inner.txt'), 'clash');
    assert.equal((await client.post('fileMove', { from: 'inner.txt', path: 'docs/' })).status, 409);
    assert.equal(await readFile(path.join(root, 'docs', 'inner.txt'), 'utf8'), 'inner');
    assert.equal((await client.post('fileMove', { from: 'ghost.txt', path: 'docs/' })).status, 404);
    assert.equal((await client.post('fileMove', { path: '', name: 'a.txt' })).status, 400);
  });

  it('fileRename: renames, refuses a taken name (409) and a forbidden type (415)', async () => {
    const renamed = await client.post('fileRename', { path: '', name: 'a.txt', newname: 'c.txt' });
    assert.equal(renamed.status, 200);
    assert.equal(await exists('c.txt'), true);
    assert.equal((await client.post('fileRename', { path: '', name: 'c.txt', newname: 'b.txt' })).status, 409);
    assert.equal((await client.post('fileRename', { path: '', name: 'c.txt', newname: 'c.php' })).status, 415);
    assert.equal((await client.post('fileRename', { path: '', name: 'zzz.txt', newname: 'y.txt' })).status, 404);
    assert.equal((await client.post('fileRename', { path: '', name: 'c.txt', newname: '../c.txt' })).status, 400);
  });

  it('folderCreate, folderRename, folderMove and folderRemove', async () => {
    assert.equal((await client.post('folderCreate', { path: '', name: 'new' })).status, 200);
    assert.equal((await client.post('folderCreate', { path: '', name: 'new' })).status, 409);
    assert.equal((await client.post('folderCreate', { path: 'absent/', name: 'x' })).status, 404);
    assert.equal((await client.post('folderRename', { path: '', name: 'new', newname: 'renamed' })).status, 200);
    assert.deepEqual(await listing(), ['a.txt', 'b.txt', 'docs', 'renamed']);
    assert.equal((await client.post('folderMove', { from: 'renamed/', path: 'docs/' })).status, 200);
    assert.deepEqual(await listing('docs'), ['inner.txt', 'renamed']);
    assert.equal((await client.post('folderMove', { from: 'docs/', path: 'docs/renamed/' })).status, 400);
    assert.equal((await client.post('folderRemove', { path: '', name: 'docs' })).status, 200);
    assert.deepEqual(await listing(), ['a.txt', 'b.txt']);
    assert.equal((await client.post('folderRemove', { path: '', name: 'docs' })).status, 404);
  });

  it('fileDownload streams the file as an attachment with nosniff', async () => {
    const response = await fetch(`${server.url}/?action=fileDownload&path=docs&name=inner.txt`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'inner');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal((await fetch(`${server.url}/?action=fileDownload&path=&name=missing.txt`)).status, 404);
  });

  it('getLocalFileByUrl maps a URL under a baseurl back to its file', async () => {
    const { body } = await client.post('getLocalFileByUrl', { url: `${server.url}/files/docs/docs/inner.txt` });
    assert.deepEqual(body.data, { code: 220, path: 'docs/', name: 'inner.txt', source: 'docs' });
    assert.equal((await client.post('getLocalFileByUrl', { url: 'https://elsewhere.example/x.txt' })).status, 404);
  });
});
