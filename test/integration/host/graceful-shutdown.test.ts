import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { makeTempDir } from '../../support/temp-dir.js';
import { spawnServer } from '../../support/spawn-server.js';

/** Far more than loopback socket buffers hold, so a client that stops reading keeps the response open. */
const BIG_FILE_BYTES = 64 * 1024 * 1024;

const setUp = async (shutdownGraceMs: number) => {
  const temp = await makeTempDir();
  const root = path.join(temp.dir, 'files');
  await mkdir(root);
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  const chunks = Array.from({ length: BIG_FILE_BYTES / chunk.length }, () => chunk);
  await pipeline(Readable.from(chunks), createWriteStream(path.join(root, 'big.txt')));
  await writeFile(
    path.join(temp.dir, 'config.json'),
    JSON.stringify({ host: '127.0.0.1', shutdownGraceMs, files: { sources: { default: { root: './files', baseurl: '/files/default/' } } } }),
  );
  const server = spawnServer(['--config', 'config.json'], { PORT: '0' }, temp.dir);
  const url = await server.started();
  return { temp, server, url };
};

/** Starts a download and stops reading after the headers: the throttled client. */
const startSlowDownload = (url: string) =>
  new Promise<{ response: IncomingMessage; received: () => number; ended: Promise<'complete' | 'cut'> }>((resolve, reject) => {
    get(`${url}/files/default/big.txt`, { agent: false }, (response) => {
      response.pause();
      let received = 0;
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      const ended = new Promise<'complete' | 'cut'>((done) => {
        response.on('end', () => done(response.complete ? 'complete' : 'cut'));
        response.on('error', () => done('cut'));
        response.on('close', () => done(response.complete ? 'complete' : 'cut'));
      });
      resolve({ response, received: () => received, ended });
    }).on('error', reject);
  });

const connectionRefused = async (url: string): Promise<boolean> => {
  try {
    await fetch(`${url}/ping`);
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
};

describe('graceful shutdown of the start command', () => {
  it('on SIGTERM refuses new connections, lets an open download finish, and exits 0', async () => {
    const { temp, server, url } = await setUp(60_000);
    const download = await startSlowDownload(url);
    assert.equal(download.response.statusCode, 200);
    server.child.kill('SIGTERM');
    await server.waitFor(/"msg":"shutting down"/);
    assert.equal(await connectionRefused(url), true, 'a new connection is refused');
    assert.equal(server.child.exitCode, null, 'still running while the download is open');
    download.response.resume();
    assert.equal(await download.ended, 'complete');
    assert.equal(download.received(), BIG_FILE_BYTES);
    assert.equal(await server.exited, 0);
    assert.match(server.output().stdout, /"msg":"stopped"/);
    assert.doesNotMatch(server.output().stdout, /shutdown deadline reached/);
    await temp.remove();
  });

  it('closes what is still open when the deadline passes, and still exits 0', async () => {
    const { temp, server, url } = await setUp(300);
    const download = await startSlowDownload(url);
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
    assert.match(server.output().stdout, /shutdown deadline reached/);
    download.response.resume();
    assert.equal(await download.ended, 'cut');
    assert.ok(download.received() < BIG_FILE_BYTES);
    await temp.remove();
  });
});
