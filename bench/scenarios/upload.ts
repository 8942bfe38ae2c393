import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { sampleRss, spawnServer } from '../lib/processes.js';
import type { Scenario } from '../lib/scenario.js';
import { round } from '../lib/stats.js';

const CHUNK = Buffer.alloc(1024 * 1024, 7);

/** `bytes` of payload as a stream of 1 MiB chunks, never all in memory. */
async function* payload(bytes: number): AsyncIterable<Buffer> {
  for (let sent = 0; sent < bytes; sent += CHUNK.length) yield sent + CHUNK.length <= bytes ? CHUNK : CHUNK.subarray(0, bytes - sent);
}

async function* multipart(boundary: string, fileName: string, bytes: number): AsyncIterable<Buffer> {
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n\r\n`);
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  yield* payload(bytes);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

export const uploadScenario: Scenario = {
  name: 'upload',
  description: 'a large upload through fileUpload vs writing the same bytes with fs, with the server’s peak RSS',
  async run({ smoke, log }) {
    const bytes = (smoke ? 20 : 500) * 1024 * 1024;
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
    const server = await spawnServer({
      files: {
        sources: { bench: { root: path.join(dir, 'root'), baseurl: '/files/bench/' } },
        accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD: true }],
        maxFileSize: bytes * 2,
        allowedExtensions: ['bin'],
      },
    });
    try {
      let started = performance.now();
      await pipeline(Readable.from(payload(bytes)), createWriteStream(path.join(dir, 'floor.bin')));
      const floorSeconds = (performance.now() - started) / 1000;
      const rss = sampleRss(server.child.pid!);
      const boundary = `----bench${Date.now()}`;
      started = performance.now();
      const response = await request(`${server.url}/?action=fileUpload&source=bench`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Readable.from(multipart(boundary, 'big.bin', bytes)),
      });
      const reply = await response.body.text();
      const oursSeconds = (performance.now() - started) / 1000;
      const peak = rss.stop();
      if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${reply}`);
      const stored = await stat(path.join(dir, 'root', 'big.bin'));
      if (stored.size !== bytes) throw new Error(`stored ${stored.size} bytes, sent ${bytes}`);
      const mb = bytes / 1048576;
      const ours = mb / oursSeconds;
      const floor = mb / floorSeconds;
      log(`upload ${mb} MB: ${round(ours, 1)} MB/s vs fs ${round(floor, 1)} MB/s, peak RSS ${round(peak / 1048576, 1)} MB`);
      return {
        rows: [
          {
            scenario: `upload ${mb} MB`,
            ours: round(ours, 1),
            floor: round(floor, 1),
            unit: 'MB/s',
            ratio: round(ours / floor),
            memory: `${round(peak / 1048576, 1)} MB peak RSS`,
            target: 'ratio ≥ 0.7, RSS ≤ 100 MB',
            met: ours / floor >= 0.7 && peak <= 100 * 1048576,
          },
        ],
      };
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
