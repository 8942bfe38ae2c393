import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FakeUpstream } from '../../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { dimensionsOf, makeImage } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';

const BIN = path.resolve('bin/editor-backend.mjs');
const STORAGE_EXAMPLE = path.resolve('examples/custom-storage/register.ts');

/** The installed command, as a shell would run it: `editor-backend …` in `cwd`, with nothing of ours in the environment. */
const spawnCli = (args: string[], cwd: string) => {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
};

const cli = async (args: string[], cwd: string) => {
  const run = spawnCli(args, cwd);
  const code = await run.exited;
  return { code, ...run.output() };
};

const waitUntil = async (predicate: () => boolean, what: string, ms = 20_000) => {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('editor-backend (the command line) against a config with a local source and a fake AI provider', { timeout: 180_000 }, () => {
  let dir: string;
  let remove: () => Promise<void>;
  let upstream: FakeUpstream;
  const root = () => path.join(dir, 'files');
  const run = (...args: string[]) => cli(['--config', 'config.json', ...args], dir);

  before(async () => {
    ({ dir, remove } = await makeTempDir('editor-backend-cli-'));
    upstream = await startOpenAiChatUpstream();
    await mkdir(path.join(root(), 'reports'), { recursive: true });
    await mkdir(path.join(root(), 'photos'), { recursive: true });
    await writeFile(path.join(root(), 'reports', 'q1.txt'), 'first quarter');
    await writeFile(path.join(root(), 'readme.md'), '# docs');
    await writeFile(path.join(root(), 'photos', 'cat.png'), await makeImage(400, 300));
    await writeFile(
      path.join(dir, 'config.json'),
      JSON.stringify({
        ai: { providers: { p: { type: 'openai-compatible', apiKey: 'sk-cli-test', baseUrl: `${upstream.url}/v1`, defaultModel: 'model-cli' } }, retry: { maxRetries: 0 } },
        files: {
          sources: { docs: { root: './files' } },
          accessControl: [{ role: 'reader', FILES: true, FOLDERS: true }],
          thumbnails: { enabled: false },
        },
      }),
    );
  });
  after(async () => {
    await upstream.close();
    await remove();
  });

  it('lists a folder as text, folders first, and as JSON with --json', async () => {
    const text = await run('files', 'list', 'docs');
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.trim().split('\n');
    assert.deepEqual(lines.map((l) => l.split(/\s+/).at(-1)), ['photos/', 'reports/', 'readme.md']);
    assert.match(lines[2]!, /6 B/);

    const json = await run('files', 'list', 'docs', 'reports', '--json');
    assert.equal(json.code, 0, json.stderr);
    const listing = JSON.parse(json.stdout);
    assert.equal(listing.source, 'docs');
    assert.equal(listing.path, 'reports');
    assert.deepEqual(
      listing.entries.map((e: any) => [e.name, e.type, e.size, e.isImage]),
      [['q1.txt', 'file', 13, false]],
    );
    assert.ok(!Number.isNaN(Date.parse(listing.entries[0].modified)));
  });

  it('uploads local files under the upload rules, with progress on stderr and the stored paths on stdout', async () => {
    const big = Buffer.alloc(300_000, 'x');
    await writeFile(path.join(dir, 'big.txt'), big);
    await writeFile(path.join(dir, 'script.exe'), 'MZ');
    const upload = await run('files', 'upload', 'docs', 'big.txt', 'script.exe', '--path', 'reports');
    assert.equal(upload.code, 1, 'a refused file makes the exit code 1');
    assert.equal(upload.stdout, 'stored reports/big.txt (293.0 KiB)\n');
    assert.deepEqual(await readFile(path.join(root(), 'reports', 'big.txt')), big);
    const progress = upload.stderr.split('\n').filter((l) => l.startsWith('big.txt: '));
    assert.ok(progress.length >= 3, `progress comes in steps: ${upload.stderr}`);
    assert.match(progress.at(-1)!, /^big\.txt: 293\.0 KiB of 293\.0 KiB \(100%\)$/);
    assert.match(upload.stderr, /script\.exe was not stored: .*exe/);
    assert.ok(!(await readdir(path.join(root(), 'reports'))).includes('script.exe'));

    const again = await run('files', 'upload', 'docs', 'big.txt', '--path', 'reports', '--json');
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(JSON.parse(again.stdout).stored, [{ path: 'reports/big-1.txt', size: 300_000, isImage: false }]);
  });

  it('resizes an image in place, keeping the aspect ratio', async () => {
    const resize = await run('files', 'resize', 'docs', 'photos/cat.png', '--width', '100');
    assert.equal(resize.code, 0, resize.stderr);
    assert.equal(resize.stdout, 'resized photos/cat.png to 100x75\n');
    assert.deepEqual(await dimensionsOf(await readFile(path.join(root(), 'photos', 'cat.png'))), { width: 100, height: 75, format: 'png' });
  });

  it('creates a folder and removes files, reporting each one that could not be removed', async () => {
    assert.equal((await run('files', 'mkdir', 'docs', 'reports/2025')).stdout, 'created reports/2025/\n');
    const removal = await run('files', 'remove', 'docs', 'reports/big-1.txt', 'reports/ghost.txt');
    assert.equal(removal.code, 1);
    assert.equal(removal.stdout, 'removed reports/big-1.txt\n');
    assert.match(removal.stderr, /cannot remove reports\/ghost\.txt: File "ghost\.txt" not found/);
    assert.deepEqual((await readdir(path.join(root(), 'reports'))).sort(), ['2025', 'big.txt', 'q1.txt']);
  });

  it('streams a generation to stdout exactly as the provider sent it, with a usage line on stderr', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Autumn ', 'leaves ', 'fall\n', 'quietly'], usage: { input: 14, output: 6 } });
    const generation = await run('ai', 'generate', '--provider', 'p', '--system', 'Be a poet.', 'Write', 'a', 'haiku');
    assert.equal(generation.code, 0, generation.stderr);
    assert.equal(generation.stdout, 'Autumn leaves fall\nquietly');
    assert.match(generation.stderr, /^\[model-cli\] 14 input \+ 6 output = 20 tokens, finish: stop, \d+\.\d s$/m);
    const body = upstream.lastRequest().body as any;
    assert.equal(body.model, 'model-cli');
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'Be a poet.' },
      { role: 'user', content: 'Write a haiku' },
    ]);
  });

  it('cancels the provider call on Ctrl-C (SIGINT) mid-generation and exits with 130', async () => {
    upstream.respondWith({ kind: 'stall', chunks: ['The first words'] });
    const generation = spawnCli(['--config', 'config.json', 'ai', 'generate', 'Tell me a long story'], dir);
    await waitUntil(() => generation.output().stdout.includes('The first words'), 'the first delta');
    const request = upstream.lastRequest();
    assert.equal(request.aborted, false);
    generation.child.kill('SIGINT');
    assert.equal(await generation.exited, 130);
    await waitUntil(() => request.aborted, 'the upstream to see the connection close', 5_000);
    assert.equal(generation.output().stdout, 'The first words');
    assert.match(generation.output().stderr, /interrupted; the generation was cancelled/);
  });

  it('answers usage errors with 2 and failed operations with 1, each with a message on stderr', async () => {
    upstream.respondWith({ kind: 'http-error', status: 400, message: 'model-x does not exist' });
    // Independent runs, side by side: each start of the command costs seconds.
    const [unknown, badOption, missingSource, badConfig, refused] = await Promise.all([
      run('files', 'copy', 'docs'),
      run('files', 'list', 'docs', '--colour'),
      run('files', 'list', 'nope'),
      cli(['--config', 'absent.json', 'files', 'list', 'docs'], dir),
      run('ai', 'generate', '--model', 'model-x', 'hello'),
    ]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "files copy"/);
    assert.match(unknown.stderr, /Run "editor-backend files --help" for usage/);

    assert.equal(badOption.code, 2);
    assert.match(badOption.stderr, /Unknown option '--colour'/);

    assert.equal(missingSource.code, 1);
    assert.equal(missingSource.stderr, 'editor-backend: Unknown source "nope"\n');
    assert.equal(missingSource.stdout, '');

    assert.equal(badConfig.code, 2);
    assert.match(badConfig.stderr, /Cannot read config file absent\.json/);

    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /editor-backend: The provider answered 400/);
  });

  it('checks a --role through the config\'s access list, as for an HTTP request with that role', async () => {
    const [reader, denied, stranger] = await Promise.all([
      run('files', 'list', 'docs', 'reports', '--role', 'reader'),
      run('files', 'mkdir', 'docs', 'reports/by-reader', '--role', 'reader'),
      run('files', 'list', 'docs', '--role', 'stranger'),
    ]);
    assert.equal(reader.code, 0, reader.stderr);
    assert.equal(denied.code, 1);
    assert.match(denied.stderr, /Role "reader" may not use FOLDER_CREATE/);
    assert.equal(stranger.code, 1);
    assert.match(stranger.stderr, /no rule in files\.accessControl names the role "stranger"/);
  });

  it('prints help per command and loads --import modules before the config (a registered storage type)', async () => {
    const help = await run('files', 'upload', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: editor-backend files upload <source> <file…> \[options\]/);
    assert.match(help.stdout, /--path <folder>/);

    await writeFile(path.join(dir, 'cas.json'), JSON.stringify({ files: { sources: { cas: { storage: { type: 'content-addressed', root: './cas' } } } } }));
    const upload = await cli(['--import', STORAGE_EXAMPLE, '--config', 'cas.json', 'files', 'upload', 'cas', 'big.txt'], dir);
    assert.equal(upload.code, 0, upload.stderr);
    const listing = await cli(['--import', STORAGE_EXAMPLE, '--config', 'cas.json', 'files', 'list', 'cas', '--json'], dir);
    assert.deepEqual(JSON.parse(listing.stdout).entries.map((e: any) => e.name), ['big.txt']);
    assert.ok((await readdir(path.join(dir, 'cas'))).includes('tree.json'));
  });
});
