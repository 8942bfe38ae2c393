import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { startListener, type Listener } from '../../support/http-listener.js';
import { dimensionsOf, makeImage } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

describe('fileUploadRemote over HTTP', () => {
  let remote: Listener;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let guarded: RunningServer;
  let open: RunningServer;
  const roots = { guarded: '', open: '' };

  before(async () => {
    const png = await makeImage(600, 400, 'png');
    remote = await startListener((req, res) => {
      if (req.url === '/cat.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.url === '/download?id=7') return void res.writeHead(200, { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="../../etc/notes.txt"' }).end('notes');
      if (req.url === '/big.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
      if (req.url === '/evil.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg onload="alert(1)"/>');
      if (req.url === '/tool.exe') return void res.writeHead(200).end('MZ');
      res.writeHead(404).end();
    });
    temp = await makeTempDir();
    roots.guarded = path.join(temp.dir, 'guarded');
    roots.open = path.join(temp.dir, 'open');
    const files = (root: string, allowPrivateNetworks: boolean) => ({
      files: {
        sources: { docs: { root, baseurl: '/files/docs/' } },
        accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD_REMOTE: true }],
        remoteUpload: { allowPrivateNetworks, maxBytes: 4096, timeoutMs: 5000 },
      },
    });
    guarded = await startTestServer(files(roots.guarded, false));
    open = await startTestServer(files(roots.open, true));
  });
  after(async () => {
    await guarded.close(0);
    await open.close(0);
    await remote.close();
    await temp.remove();
  });

  const upload = async (server: RunningServer, fields: Record<string, string>) => {
    // The Jodit uploader posts FormData to a URL that says ?action=fileUpload; the body's action wins.
    const response = await fetch(`${server.url}/?action=fileUpload`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'fileUploadRemote', ...fields }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('refuses a loopback URL by default, and the listener is never contacted', async () => {
    remote.hits.length = 0;
    for (const url of [`${remote.url}/cat.png`, `http://localhost:${remote.port}/cat.png`, `http://2130706433:${remote.port}/cat.png`, `http://[::ffff:127.0.0.1]:${remote.port}/cat.png`]) {
      const { status, body } = await upload(guarded, { url });
      assert.equal(status, 403, url);
      assert.equal(body.success, false);
    }
    assert.equal((await upload(guarded, { url: 'file:///etc/passwd' })).status, 403);
    assert.equal((await upload(guarded, { url: '' })).status, 400);
    assert.deepEqual(remote.hits, []);
    assert.deepEqual(await readdir(roots.guarded), []);
  });

  it('downloads from loopback with allowPrivateNetworks, replying the way the Jodit uploader reads it', async () => {
    const { status, body } = await upload(open, { url: `${remote.url}/cat.png`, path: '' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(
      { ...body.data, messages: undefined },
      { code: 220, newfilename: 'cat.png', baseurl: `${open.url}/files/docs/`, files: ['cat.png'], isImages: [true], messages: undefined },
    );
    assert.deepEqual(await dimensionsOf(await readFile(path.join(roots.open, 'cat.png'))), { width: 600, height: 400, format: 'png' });
    const again = await upload(open, { url: `${remote.url}/cat.png` });
    assert.equal(again.body.data.newfilename, 'cat-1.png');
    assert.ok((await readdir(path.join(roots.open, '.thumbs'))).includes('cat.png'));
  });

  it('takes the multipart form the Jodit uploader really sends to the upload URL', async () => {
    const form = new FormData();
    form.append('action', 'fileUploadRemote');
    form.append('url', `${remote.url}/cat.png`);
    const response = await fetch(`${open.url}/?action=fileUpload`, { method: 'POST', body: form });
    const body = (await response.json()) as any;
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.equal(body.data.isImages[0], true);
    assert.ok((await readdir(roots.open)).includes(body.data.newfilename));
  });

  it('names the file safely from Content-Disposition', async () => {
    const { status, body } = await upload(open, { url: `${remote.url}/download?id=7` });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.data.newfilename, 'notes.txt');
    assert.equal(await readFile(path.join(roots.open, 'notes.txt'), 'utf8'), 'notes');
  });

  it('applies the size and type rules of uploads and leaves nothing behind', async () => {
    assert.equal((await upload(open, { url: `${remote.url}/big.txt` })).status, 413);
    assert.equal((await upload(open, { url: `${remote.url}/evil.svg` })).status, 415);
    assert.equal((await upload(open, { url: `${remote.url}/tool.exe` })).status, 415);
    assert.equal((await upload(open, { url: `${remote.url}/missing.png` })).status, 502);
    const left = await readdir(roots.open);
    assert.deepEqual(left.filter((n) => /big|evil|tool|missing|^\.tmp/.test(n)), []);
  });
});
