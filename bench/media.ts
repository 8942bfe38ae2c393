/**
 * Times the media operations end to end over HTTP against a real host on
 * loopback: resizing a 4000×3000 JPEG, a 20-page PDF and the same HTML as a
 * DOCX. Run: `node --import tsx bench/media.ts` (add a number for more runs).
 */
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { makeTempDir } from '../test/support/temp-dir.js';
import { startTestServer } from '../test/support/test-server.js';
import { readPdf } from '../test/support/documents.js';

const runs = Number(process.argv[2] ?? 3);
const temp = await makeTempDir('editor-backend-bench-');
// A photo-like JPEG (noise compresses like a real picture, unlike a flat colour).
const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();
await writeFile(path.join(temp.dir, 'photo.jpg'), photo);
const server = await startTestServer({
  files: {
    sources: { bench: { root: temp.dir } },
    accessControl: [{ role: 'guest', FILES: true, IMAGE_RESIZE: true, GENERATE_PDF: true, GENERATE_DOCX: true }],
  },
});

const post = async (fields: Record<string, string>): Promise<Uint8Array> => {
  const response = await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
  if (response.status !== 200) throw new Error(`${fields.action}: ${response.status} ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
};

const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';
const section = (n: number) =>
  // html-to-pdfmake starts a page at this class; Word ignores it.
  `<h2${n > 1 ? ' class="pdf-pagebreak-before"' : ''}>Section ${n}</h2><p>${paragraph.repeat(12)}</p><ul><li>point one</li><li><b>point two</b></li></ul>` +
  `<table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>${n}</td></tr></table><p><i>${paragraph.repeat(8)}</i></p>`;
const html = `<h1>Benchmark report</h1>${Array.from({ length: 20 }, (_, i) => section(i + 1)).join('')}`;

const time = async (label: string, task: () => Promise<string>) => {
  const times: number[] = [];
  let note = '';
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    note = await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(42)} median ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(5)} ms  (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}, ${runs} runs)  ${note}`);
};

console.log(`input: 4000×3000 JPEG of ${(photo.length / 1e6).toFixed(1)} MB; HTML of ${(html.length / 1e3).toFixed(0)} kB`);
await time('imageResize 4000×3000 JPEG → 1600×1200', async () => {
  await post({ action: 'imageResize', name: 'photo.jpg', newname: 'resized.jpg', box: '1600,1200' });
  const { width, height } = await sharp(path.join(temp.dir, 'resized.jpg')).metadata();
  await unlink(path.join(temp.dir, 'resized.jpg'));
  return `${width}×${height}`;
});
await time('generatePdf (20 sections)', async () => {
  const pdf = await post({ action: 'generatePdf', html });
  return `${(await readPdf(pdf)).pages} pages, ${(pdf.length / 1e3).toFixed(0)} kB`;
});
await time('generateDocx (same HTML, turbodocx)', async () => {
  const docx = await post({ action: 'generateDocx', html });
  return `${(docx.length / 1e3).toFixed(0)} kB`;
});

await server.close(0);
await temp.remove();
