import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { execForm, readDockerfile, stageEnv } from '../../support/dockerfile.js';
import { makeTempDir } from '../../support/temp-dir.js';

/**
 * What an image build would do, done in a clean folder without an engine:
 * the Dockerfile's COPY steps, `npm ci --omit=dev` (offline, from the npm
 * cache), then its ENTRYPOINT and HEALTHCHECK commands with its ENV.
 */
const { stages } = readDockerfile();
const runtime = stages.at(-1)!;
const DEV_ONLY = ['typescript', 'eslint', '@cucumber/cucumber', 'playwright-core', 'dependency-cruiser'];

const freePort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

const replayCopies = async (app: string) => {
  for (const stage of stages) {
    for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))) {
      const parts = copy.args.split(' ');
      const target = path.resolve(app, parts.at(-1)!.replace(/^\/app\/?/, './'));
      const sources = parts.slice(0, -1);
      for (const source of sources) {
        const into = sources.length > 1 || parts.at(-1)!.endsWith('/') ? path.join(target, path.basename(source)) : target;
        await cp(source, into, { recursive: true });
      }
    }
  }
};

const runCommand = (argv: string[], cwd: string, env: Record<string, string>) =>
  spawnSync(argv[0]!, argv.slice(1), { cwd, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 });

describe('container image, replayed in a clean folder', () => {
  it('installs production dependencies only, starts with the ENTRYPOINT, passes its HEALTHCHECK, stops on SIGTERM', async (t) => {
    const temp = await makeTempDir('editor-backend-image-');
    const app = path.join(temp.dir, 'app');
    await mkdir(app);
    await replayCopies(app);
    const install = runCommand(['npm', 'ci', '--omit=dev', '--offline', '--no-audit', '--no-fund'], app, {
      HOME: process.env.HOME ?? '/root',
      SCARF_ANALYTICS: 'false',
    });
    if (install.status !== 0) {
      await temp.remove();
      t.skip(`npm ci --omit=dev --offline could not install from the local npm cache (run npm ci once online first): ${install.stderr.slice(-300)}`);
      return;
    }
    for (const name of DEV_ONLY) assert.equal(existsSync(path.join(app, 'node_modules', name)), false, `${name} is a dev dependency`);
    assert.ok(existsSync(path.join(app, 'node_modules', 'tsx')));
    await mkdir(path.join(app, 'data/files'), { recursive: true }); // the runtime stage's RUN mkdir

    const port = await freePort();
    const env: Record<string, string> = { ...stageEnv(runtime), PORT: String(port), PATH: process.env.PATH ?? '' };
    const entrypoint = execForm(runtime.instructions.find((i) => i.keyword === 'ENTRYPOINT')!.args);
    const healthcheck = execForm(runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args);
    assert.equal(env.HOST, '0.0.0.0');

    const child = spawn(entrypoint[0]!, entrypoint.slice(1), { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let waited = 0; !/listening on/.test(stdout); waited += 50) {
      assert.ok(waited < 30_000 && child.exitCode === null, `the server did not start: ${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(stdout, /docker\/default\.config\.json/, 'no /config/config.json mounted: the image default is used');
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/ai/health`)).status, 200);
    assert.equal(((await (await fetch(`${base}/?action=files`)).json()) as any).success, true);
    assert.equal((await fetch(`${base}/ready`)).status, 200);
    assert.match(await (await fetch(`${base}/metrics`)).text(), /^http_requests_total\{/m);

    assert.equal(runCommand(healthcheck, app, env).status, 0, 'HEALTHCHECK passes while serving');
    child.kill('SIGTERM');
    assert.equal(await exited, 0, 'start.sh execs node, so SIGTERM reaches the graceful shutdown');
    assert.match(stdout, /"msg":"stopped"/);
    assert.equal(runCommand(healthcheck, app, env).status, 1, 'HEALTHCHECK fails once nothing answers');
    await temp.remove();
  });
});
