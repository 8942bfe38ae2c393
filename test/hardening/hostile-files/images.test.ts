import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { makeImage, pngBomb } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startRecordedServer } from '../support/hosts.js';
import { animatedGif, framesOf, gifBomb, jpegHeaderBomb, pngSignatureThenNoise, truncated } from '../support/hostile-images.js';
import { countAttacks, recordedFetch } from '../support/recorder.js';
import { scale } from '../support/scale.js';
import { readFile } from 'node:fs/promises';
import { whileServing } from '../support/responsiveness.js';

const MAX_PIXELS = 25_000_000;
/** Generous: decoding what is refused would take gigabytes; everything here should stay far below. */
const RSS_GROWTH_BOUND = 300 * 1024 * 1024;

describe('hostile images: bombs, broken files and huge dimensions', () => {
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;

  before(async () => {
    temp = await makeTempDir();
    server = await startRecordedServer('hostile-images', {
      files: {
        sources: { docs: { root: temp.dir, baseurl: '/files/docs/' } },
        accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD: true, IMAGE_RESIZE: true, IMAGE_CROP: true }],
        images: { maxInputPixels: MAX_PIXELS, maxDimension: 10_000 },
      },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('files[0]', new Blob([bytes as BlobPart]), name);
    const { response, text } = await recordedFetch(`${server.url}/?action=fileUpload&source=docs`, { method: 'POST', body: form });
    assert.equal(response.status, 200, text);
    return JSON.parse(text);
  };

  const edit = async (action: 'imageResize' | 'imageCrop', name: string, box: string, newname = `edited-${name}`) => {
    const { response, text } = await recordedFetch(`${server.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action, source: 'docs', name, box, newname }),
    });
    return { status: response.status, body: JSON.parse(text), contentType: response.headers.get('content-type') };
  };

  /** The file connector's error envelope with `status` and a message matching `message`. */
  const assertRefused = (answer: Awaited<ReturnType<typeof edit>>, status: number, message: RegExp, label: string) => {
    assert.equal(answer.status, status, `${label}: ${JSON.stringify(answer.body)}`);
    assert.match(answer.contentType ?? '', /^application\/json/);
    assert.equal(answer.body.success, false);
    assert.equal(answer.body.data.code, status);
    assert.match(answer.body.data.messages[0], message, label);
  };

  it('refuses decompression bombs with 413 from their header, in bounded memory, while answering others', async () => {
    const bombs = {
      'png-30000x30000.png': pngBomb(30_000),
      'png-65535x65535.png': pngBomb(65_535),
      'jpeg-65500x65500.jpg': jpegHeaderBomb(await makeImage(16, 16, 'jpeg')),
      'gif-2000x2000-2000-frames.gif': gifBomb(2_000, 2_000, 2_000),
    };
    countAttacks(Object.keys(bombs).length * 3);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const { ping } = await whileServing(server.url, async () => {
      for (const [name, bytes] of Object.entries(bombs)) {
        await upload(name, bytes);
        assertRefused(await edit('imageResize', name, '100,100'), 413, /more than 25000000 pixels/, `resize ${name}`);
        assertRefused(await edit('imageCrop', name, '0,0,10,10'), 413, /more than 25000000 pixels/, `crop ${name}`);
      }
    });
    const growth = process.memoryUsage().rss - rssBefore;
    assert.ok(growth < RSS_GROWTH_BOUND, `resident memory grew by ${Math.round(growth / 1e6)} MB`);
    assert.ok(ping.answered > 0 && ping.failed === 0, JSON.stringify(ping));
    assert.ok(ping.slowestMs < 2_000, `a ping waited ${ping.slowestMs} ms`);
    const stored = await readdir(temp.dir);
    assert.ok(!stored.some((name) => name.startsWith('edited-')), 'no edited copy of a bomb was written');
  });

  it('lists a folder full of bombs without decoding them: no thumbnail is made, the listing answers', async () => {
    countAttacks();
    const { response, text } = await recordedFetch(`${server.url}/?action=files&source=docs`);
    assert.equal(response.status, 200, text);
    const files = JSON.parse(text).data.sources[0].files as { file: string; thumb: string }[];
    const bombs = files.filter((f) => /^(png|jpeg|gif)-/.test(f.file));
    assert.equal(bombs.length, 4);
    const thumbs = await readdir(path.join(temp.dir, '.thumbs')).catch(() => [] as string[]);
    assert.ok(!thumbs.some((name) => /^(png|jpeg|gif)-/.test(name)), `thumbnails made of bombs: ${thumbs.join(', ')}`);
  });

  it('answers 415 with a clear message for truncated, malformed and empty images', async () => {
    const png = await makeImage(400, 300, 'png');
    const jpeg = await makeImage(400, 300, 'jpeg');
    const gif = await makeImage(200, 100, 'gif');
    const broken = {
      'truncated.png': truncated(png),
      'truncated.jpg': truncated(jpeg, 0.3),
      'truncated.gif': truncated(gif),
      'header-only.png': png.subarray(0, 33),
      'noise.png': pngSignatureThenNoise(),
      'text.jpg': Buffer.from('this is not an image at all'),
      'empty.webp': Buffer.alloc(0),
    };
    countAttacks(Object.keys(broken).length);
    for (const [name, bytes] of Object.entries(broken)) {
      await upload(name, bytes);
      assertRefused(await edit('imageResize', name, '50,50'), 415, /could not be processed|not an image/, name);
    }
    assert.equal((await recordedFetch(`${server.url}/ping`)).response.status, 200);
  });

  it('handles huge dimensions within the pixel limit, and refuses boxes past maxDimension with 400', async () => {
    countAttacks(3);
    await upload('wide.png', await makeImage(20_000, 2, 'png'));
    const resized = await edit('imageResize', 'wide.png', '1000,1');
    assert.equal(resized.status, 200, JSON.stringify(resized.body));
    assert.deepEqual([resized.body.data.width, resized.body.data.height], [1000, 1]);
    assertRefused(await edit('imageResize', 'wide.png', '100000,10'), 400, /10000/, 'box past maxDimension');
    // Growing the thin side keeps the aspect ratio: 2 → 5000 would make the other side 50 000 000.
    assertRefused(await edit('imageResize', 'wide.png', ',5000'), 400, /10000/, 'implied side past maxDimension');
  });

  it('edits an animation frame by frame: sizes are those of one frame, every frame is kept', async () => {
    countAttacks();
    await upload('spinner.gif', await animatedGif(100, 50, 3));
    const resized = await edit('imageResize', 'spinner.gif', '50,');
    assert.equal(resized.status, 200, JSON.stringify(resized.body));
    assert.deepEqual([resized.body.data.width, resized.body.data.height], [50, 25], 'the aspect ratio of one frame, not of the frames stacked');
    assert.deepEqual(await framesOf(await readFile(path.join(temp.dir, 'edited-spinner.gif'))), { width: 50, height: 25, pages: 3 });
    const cropped = await edit('imageCrop', 'spinner.gif', '10,10,50,30', 'cropped-spinner.gif');
    assert.equal(cropped.status, 200, JSON.stringify(cropped.body));
    assert.deepEqual(await framesOf(await readFile(path.join(temp.dir, 'cropped-spinner.gif'))), { width: 50, height: 30, pages: 3 });
    assertRefused(await edit('imageCrop', 'spinner.gif', '0,60,10,10', 'below.gif'), 400, /inside the 100×50 image/, 'a crop below the first frame');
  });

  it('refuses a resize whose frames together pass the pixel limit (many tiny frames, each made large)', async () => {
    const frames = scale(5_000, 100_000);
    countAttacks();
    await upload('tiny-frames.gif', gifBomb(1, 1, frames));
    const { result, ping } = await whileServing(server.url, () => edit('imageResize', 'tiny-frames.gif', '100,100'));
    assertRefused(result, 413, new RegExp(`${frames} frames of 100×100`), 'many frames made large');
    assert.equal(ping.failed, 0);
  });
});
