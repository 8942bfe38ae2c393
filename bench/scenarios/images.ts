import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { request } from 'undici';
import { spawnServer } from '../lib/processes.js';
import type { Row } from '../lib/report.js';
import type { Scenario } from '../lib/scenario.js';
import { percentile, round } from '../lib/stats.js';

const post = async (url: string, form: Record<string, string>) => {
  const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${form.action} answered ${response.statusCode}: ${text}`);
};

const times = async (runs: number, task: (i: number) => Promise<unknown>) => {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task(i);
    out.push(performance.now() - started);
  }
  return out;
};

export const imagesScenario: Scenario = {
  name: 'images',
  description: 'resize and crop of a 4000×3000 JPEG through the HTTP action vs calling sharp directly',
  async run({ smoke, log }) {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-images-'));
    const root = path.join(dir, 'root');
    const [width, height] = smoke ? [800, 600] : [4000, 3000];
    await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="orange"/></svg>`) }])
      .jpeg({ quality: 90 })
      .toFile(path.join(dir, 'photo.jpg'));
    await import('node:fs/promises').then((fs) => fs.mkdir(root).then(() => fs.copyFile(path.join(dir, 'photo.jpg'), path.join(root, 'photo.jpg'))));
    const server = await spawnServer({
      files: { sources: { bench: { root, baseurl: '/files/bench/' } }, accessControl: [{ role: 'guest', FILES: true, IMAGE_RESIZE: true, IMAGE_CROP: true }] },
    });
    const runs = smoke ? 2 : 10;
    const rows: Row[] = [];
    try {
      const url = `${server.url}/?action=`;
      const cases = [
        {
          name: 'resize',
          ours: (i: number) => post(`${url}imageResize`, { action: 'imageResize', source: 'bench', path: '', name: 'photo.jpg', newname: `r${i}.jpg`, 'box[w]': '800', 'box[h]': '600' }),
          floor: (i: number) => sharp(path.join(dir, 'photo.jpg')).rotate().resize(800, 600).jpeg().toFile(path.join(dir, `fr${i}.jpg`)),
        },
        {
          name: 'crop',
          ours: (i: number) => post(`${url}imageCrop`, { action: 'imageCrop', source: 'bench', path: '', name: 'photo.jpg', newname: `c${i}.jpg`, 'box[x]': '100', 'box[y]': '100', 'box[w]': String(width / 4), 'box[h]': String(height / 6) }),
          floor: (i: number) => sharp(path.join(dir, 'photo.jpg')).rotate().extract({ left: 100, top: 100, width: width / 4, height: height / 6 }).jpeg().toFile(path.join(dir, `fc${i}.jpg`)),
        },
      ];
      for (const c of cases) {
        await c.ours(999);
        await c.floor(999);
        const floor = await times(runs, c.floor);
        const ours = await times(runs, c.ours);
        const ratio = percentile(ours, 50) / percentile(floor, 50);
        log(`${c.name}: ${round(percentile(ours, 50))} ms vs sharp ${round(percentile(floor, 50))} ms`);
        rows.push({
          scenario: `${c.name} ${width}×${height} JPEG`,
          ours: round(percentile(ours, 50)),
          floor: round(percentile(floor, 50)),
          unit: 'ms p50',
          ratio: round(ratio),
          p50: `${round(percentile(ours, 50))} ms`,
          p99: `${round(percentile(ours, 99))} ms`,
          target: 'ratio ≤ 1.3',
          met: ratio <= 1.3,
        });
      }
      return { rows };
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
