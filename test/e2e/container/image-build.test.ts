import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { makeTempDir } from '../../support/temp-dir.js';

/**
 * Builds the Dockerfile with Debian's buildah (no Docker engine here): vfs
 * storage in a temp folder, chroot isolation. When the registry cannot be
 * reached, the base is a local stand-in for node:20-slim made from this
 * machine's node and npm (test/support/standin-node-image.sh), and
 * `npm ci` installs offline from a copy of the local npm cache.
 */
const hasBuildah = spawnSync('buildah', ['--version']).status === 0;
const isRoot = process.getuid?.() === 0;
const skip = !hasBuildah
  ? 'buildah is not installed (apt-get install -y buildah): the image build is not verified; image-replay.test.ts still replays its steps'
  : !isRoot
    ? 'buildah runs here as root only (rootless needs subuid ranges): the image build is not verified'
    : false;

const IMAGE = 'localhost/editor-backend:test';
const STANDIN = 'localhost/node-standin:20-slim';
const NPM_CACHE = path.join(homedir(), '.npm', '_cacache');

describe('container image built with buildah', { skip }, () => {
  it('builds, runs as node on 8082 with a node HEALTHCHECK, serves, and shuts down on SIGTERM', { timeout: 600_000 }, async (t) => {
    const temp = await makeTempDir('editor-backend-buildah-');
    const storage = ['--root', path.join(temp.dir, 'root'), '--runroot', path.join(temp.dir, 'run'), '--storage-driver', 'vfs'];
    const buildah = (...args: string[]) => {
      const result = spawnSync('buildah', [...storage, ...args], { encoding: 'utf8', timeout: 480_000, maxBuffer: 64 * 1024 * 1024 });
      return { status: result.status, out: `${result.stdout}${result.stderr}` };
    };
    t.after(async () => {
      buildah('rm', '--all');
      await temp.remove();
    });

    let base = 'node:20-slim';
    if (buildah('pull', '--quiet', `docker.io/library/${base}`).status !== 0) {
      const standin = spawnSync('sh', ['test/support/standin-node-image.sh', STANDIN, ...storage], { encoding: 'utf8' });
      assert.equal(standin.status, 0, standin.stderr);
      base = STANDIN;
      t.diagnostic(`docker.io unreachable: built on ${STANDIN} (this machine's node ${process.version} and npm)`);
    }
    const offline: string[] = [];
    if (existsSync(NPM_CACHE)) {
      // A copy: the Dockerfile's `npm cache clean` must not empty this machine's cache.
      await cp(NPM_CACHE, path.join(temp.dir, 'npm', '_cacache'), { recursive: true });
      offline.push('--build-arg', 'NPM_CONFIG_OFFLINE=true', '--volume', `${path.join(temp.dir, 'npm')}:/root/.npm`);
    }
    const build = buildah(
      'bud', '--format', 'docker', '--isolation', 'chroot', '--network', 'host',
      '--build-arg', `NODE_IMAGE=${base}`, ...offline, '--tag', IMAGE, '.',
    );
    assert.equal(build.status, 0, build.out.slice(-3000));

    const config = (JSON.parse(buildah('inspect', '--type', 'image', IMAGE).out) as { Docker: { config: unknown } }).Docker.config as {
      User: string; Env: string[]; ExposedPorts: Record<string, unknown>; Entrypoint: string[]; Healthcheck: { Test: string[] };
    };
    assert.equal(config.User, 'node');
    assert.ok('8082/tcp' in config.ExposedPorts);
    assert.ok(config.Env.includes('HOST=0.0.0.0'));
    assert.deepEqual(config.Healthcheck.Test.slice(0, 2), ['CMD', 'node']);

    const container = buildah('from', IMAGE).out.trim().split('\n').at(-1)!;
    const inside = (...command: string[]) =>
      buildah('run', '--isolation', 'chroot', '--network', 'host', '--env', `PORT=${port}`, container, '--', ...command);
    const port = 18_000 + Math.floor(Math.random() * 2_000);
    const server = spawn('buildah', [...storage, 'run', '--isolation', 'chroot', '--network', 'host', '--env', `PORT=${port}`, container, '--', ...config.Entrypoint]);
    let log = '';
    server.stdout.on('data', (chunk) => (log += chunk));
    server.stderr.on('data', (chunk) => (log += chunk));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    for (let waited = 0; !/listening on/.test(log); waited += 100) {
      assert.ok(waited < 60_000 && server.exitCode === null, `the container did not start: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal((await fetch(`http://127.0.0.1:${port}/ai/health`)).status, 200);
    assert.equal((await fetch(`http://127.0.0.1:${port}/ready`)).status, 200);
    assert.equal(inside(...config.Healthcheck.Test.slice(1)).status, 0, 'the HEALTHCHECK command passes inside the image');
    const checks = inside('node', '-e', "const fs=require('fs');console.log(process.getuid(),fs.existsSync('node_modules/typescript'),fs.existsSync('node_modules/tsx'))");
    assert.equal(checks.out.trim().split('\n').at(-1), '1000 false true', 'non-root, no dev dependencies, tsx present');

    // chroot isolation shares the host's pid namespace: the pid pino logs is the server's.
    const pid = Number(/"pid":(\d+)/.exec(log)![1]);
    process.kill(pid, 'SIGTERM');
    assert.equal(await exited, 0);
    assert.match(log, /"msg":"stopped"/);
  });
});
