import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { makeTempDir } from '../../support/temp-dir.js';

const MAIN = path.resolve('src/main.ts');
const TSX = import.meta.resolve('tsx');

const run = (args: string[], env: Record<string, string>, cwd: string) => {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
};

const waitFor = async (predicate: () => boolean, ms = 15_000) => {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('npm start', () => {
  it('exits non-zero and names the field when the config has a wrong type', async () => {
    const temp = await makeTempDir();
    await writeFile(path.join(temp.dir, 'bad.json'), JSON.stringify({ files: { maxFileSize: 'ten megabytes' } }));
    const proc = run(['--config', 'bad.json'], {}, temp.dir);
    const code = await proc.exited;
    assert.notEqual(code, 0);
    assert.match(proc.output().stderr, /files\.maxFileSize/);
    await temp.remove();
  });

  it('serves on embedded defaults, says where, and stops cleanly on SIGTERM', async () => {
    const temp = await makeTempDir();
    const proc = run([], { PORT: '0' }, temp.dir);
    await waitFor(() => /listening on/.test(proc.output().stdout));
    const url = /listening on (http:\/\/[^\s]+)/.exec(proc.output().stdout)![1]!;
    const listing = (await (await fetch(`${url}/?action=files`)).json()) as any;
    assert.equal(listing.data.code, 220);
    assert.equal(listing.data.sources[0].name, 'default');
    assert.equal(((await (await fetch(`${url}/ai/health`)).json()) as any).status, 'ok');
    proc.child.kill('SIGTERM');
    assert.equal(await proc.exited, 0);
    assert.match(proc.output().stdout, /"msg":"stopped"/);
    await temp.remove();
  });
});
