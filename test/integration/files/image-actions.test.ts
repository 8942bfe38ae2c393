import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { dimensionsOf, makeImage, pngBomb } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

describe('imageResize / imageCrop and thumbnails over HTTP', () => {
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;

  before(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'files');
    await mkdir(path.join(root, 'album'), { recursive: true });
    await writeFile(path.join(root, 'photo.jpg'), await makeImage(800, 600, 'jpeg'));
    await writeFile(path.join(root, 'album', 'wide.png'), await makeImage(1000, 500, 'png'));
    await writeFile(path.join(root, 'notes.txt'), 'not an image');
    await writeFile(path.join(root, 'fake.jpg'), 'text pretending to be a jpeg');
    await writeFile(path.join(root, 'bomb.png'), pngBomb(30_000));
    server = await startTestServer({
      files: {
        sources: { docs: { root, baseurl: '/files/docs/' } },
        accessControl: [
          { role: 'guest', FILES: true, IMAGE_RESIZE: true, IMAGE_CROP: true },
          { role: 'viewer', FILES: true },
        ],
      },
    }, { checkAuthentication: (req) => req.get('x-role') ?? 'guest' });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  const post = async (fields: Record<string, string>, role = 'guest') => {
    const response = await fetch(`${server.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-role': role },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const image = async (relative: string) => dimensionsOf(await readFile(path.join(root, relative)));

  it('resizes to a "w,h" box under a new name, leaving the original, and replies with newPath', async () => {
    const { status, body } = await post({ action: 'imageResize', source: 'docs', path: '', name: 'photo.jpg', newname: 'small.jpg', box: '200,150' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.success, true);
    assert.equal(body.data.newPath, `${server.url}/files/docs/small.jpg`);
    assert.deepEqual(await image('small.jpg'), { width: 200, height: 150, format: 'jpeg' });
    assert.deepEqual(await image('photo.jpg'), { width: 800, height: 600, format: 'jpeg' });
    const served = await fetch(body.data.newPath);
    assert.deepEqual(await dimensionsOf(new Uint8Array(await served.arrayBuffer())), { width: 200, height: 150, format: 'jpeg' });
  });

  it('resizes in place with the Jodit form (box[w] only: the aspect ratio is kept), leaving no temporary file', async () => {
    const { status, body } = await post({ action: 'imageResize', path: 'album/', name: 'wide.png', newname: 'wide.png', 'box[w]': '300', 'box[h]': '' });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(await image('album/wide.png'), { width: 300, height: 150, format: 'png' });
    assert.equal(body.data.newPath, `${server.url}/files/docs/album/wide.png`);
    assert.deepEqual((await readdir(path.join(root, 'album'))).filter((n) => n.startsWith('.tmp')), []);
  });

  it('crops with "x,y,w,h" and with box[x]…box[h]', async () => {
    assert.equal((await post({ action: 'imageCrop', name: 'photo.jpg', newname: 'crop1', box: '10,20,120,80' })).status, 200);
    assert.deepEqual(await image('crop1.jpg'), { width: 120, height: 80, format: 'jpeg' });
    const jodit = await post({ action: 'imageCrop', name: 'photo.jpg', newname: 'crop2.jpg', 'box[x]': '0', 'box[y]': '0', 'box[w]': '64.4', 'box[h]': '32' });
    assert.equal(jodit.status, 200, JSON.stringify(jodit.body));
    assert.deepEqual(await image('crop2.jpg'), { width: 64, height: 32, format: 'jpeg' });
  });

  it('answers 400 for zero, negative, absurd, malformed and out-of-image boxes', async () => {
    for (const box of ['0,10', '-5,10', '100000,10', 'abc,10', '10', '']) {
      const { status, body } = await post({ action: 'imageResize', name: 'photo.jpg', newname: 'x.jpg', box });
      assert.equal(status, 400, `${box}: ${JSON.stringify(body)}`);
      assert.equal(body.data.code, 400);
    }
    assert.equal((await post({ action: 'imageCrop', name: 'photo.jpg', newname: 'x.jpg', box: '700,500,200,200' })).status, 400);
    assert.equal((await post({ action: 'imageResize', name: 'photo.jpg', newname: 'x.png', box: '10,10' })).status, 400);
  });

  it('answers 415 for non-images, 404 for missing files, 409 for a taken new name, 413 for a decompression bomb', async () => {
    assert.equal((await post({ action: 'imageResize', name: 'notes.txt', box: '10,10' })).status, 415);
    assert.equal((await post({ action: 'imageResize', name: 'fake.jpg', box: '10,10' })).status, 415);
    assert.equal((await post({ action: 'imageResize', name: 'missing.jpg', box: '10,10' })).status, 404);
    assert.equal((await post({ action: 'imageCrop', name: 'photo.jpg', newname: 'notes.txt', box: '0,0,5,5' })).status, 400);
    assert.equal((await post({ action: 'imageResize', name: 'photo.jpg', newname: 'small.jpg', box: '20,20' })).status, 409);
    const bomb = await post({ action: 'imageResize', name: 'bomb.png', box: '10,10' });
    assert.equal(bomb.status, 413);
    assert.match(bomb.body.data.messages[0], /pixels/);
  });

  it('answers 403 without the permission and 405 for GET', async () => {
    assert.equal((await post({ action: 'imageResize', name: 'photo.jpg', box: '10,10' }, 'viewer')).status, 403);
    assert.equal((await post({ action: 'imageCrop', name: 'photo.jpg', box: '0,0,5,5' }, 'viewer')).status, 403);
    assert.equal((await fetch(`${server.url}/?action=imageResize&name=photo.jpg&box=10,10`)).status, 405);
  });

  it('lists images with thumbnails from the hidden folder, served while other hidden names stay refused', async () => {
    await writeFile(path.join(root, '.secret'), 'hidden');
    const listing = (await (await fetch(`${server.url}/?action=files&source=docs`)).json()) as any;
    const photo = listing.data.sources[0].files.find((f: any) => f.file === 'photo.jpg');
    assert.equal(photo.thumb, '.thumbs/photo.jpg');
    assert.ok(!listing.data.sources[0].files.some((f: any) => f.file === '.thumbs' || f.file === '.secret'));
    const thumb = await fetch(`${server.url}/files/docs/.thumbs/photo.jpg`);
    assert.equal(thumb.status, 200);
    const size = await dimensionsOf(new Uint8Array(await thumb.arrayBuffer()));
    assert.deepEqual(size, { width: 250, height: 188, format: 'jpeg' });
    assert.match(listing.data.sources[0].files.find((f: any) => f.file === 'notes.txt').thumb, /\/icons\/txt\.svg$/, 'files that are not images show an icon');
    for (const hidden of ['/files/docs/.secret', '/files/docs/.thumbs', '/files/docs/.thumbs/', '/files/docs/.thumbs/../.secret', '/files/docs/%2ethumbs/%2e%2e/.secret']) {
      assert.notEqual(await (await fetch(`${server.url}${hidden}`)).text(), 'hidden', hidden);
    }
  });

  it('refreshes the thumbnail when an image is edited in place', async () => {
    await post({ action: 'imageCrop', name: 'photo.jpg', newname: 'photo.jpg', box: '0,0,100,400' });
    const thumb = await fetch(`${server.url}/files/docs/.thumbs/photo.jpg`);
    assert.deepEqual(await dimensionsOf(new Uint8Array(await thumb.arrayBuffer())), { width: 63, height: 250, format: 'jpeg' });
  });
});
