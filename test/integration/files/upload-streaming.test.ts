import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

const BOUNDARY = '----editor-backend-test';
const head = (name: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="path"\r\n\r\n\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[0]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

const waitFor = async (predicate: () => Promise<boolean>, ms = 5000) => {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > ms) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('uploads stream to disk', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let server: RunningServer;
  let root: string;
  before(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'root');
    server = await startTestServer({
      files: { sources: { docs: { root } }, accessControl: [{ role: 'guest', FILE_UPLOAD: true }], maxFileSize: 200 * 1024 * 1024, allowedExtensions: ['bin'] },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  it('leaves no partial or temporary file when the client goes away mid-upload', async () => {
    const { port } = new URL(server.url);
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/?action=fileUpload', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    req.on('error', () => undefined);
    req.write(head('cut.bin'));
    req.write(Buffer.alloc(512 * 1024, 1));
    await waitFor(async () => (await readdir(root).catch(() => [])).some((name) => name.startsWith('.tmp-')));
    req.destroy();
    await waitFor(async () => (await readdir(root)).length === 0);
    assert.deepEqual(await readdir(root), []);
  });

  it('writes a 192 MB upload without holding it in memory', async () => {
    const size = 192 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    // Retained memory, not RSS: collected garbage is not buffering. A buffered body would stay reachable until written.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const retained = () => {
      gc();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const baseline = retained();
    let peak = baseline;
    const { port } = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/?action=fileUpload', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      const send = async () => {
        req.write(head('big.bin'));
        for (let sent = 0; sent < size; sent += chunk.length) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          // A few looks mid-upload (a full collection each): a buffered body would have piled up by then.
          if (sent > 0 && sent % (48 * 1024 * 1024) === 0) peak = Math.max(peak, retained());
        }
        req.end(tail);
      };
      void send();
    });
    assert.equal(status, 200);
    assert.equal((await stat(path.join(root, 'big.bin'))).size, size);
    assert.ok(peak - baseline < 32 * 1024 * 1024, `retained memory grew by ${Math.round((peak - baseline) / 1048576)} MB for a 192 MB upload`);
  });
});
