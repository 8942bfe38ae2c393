import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REDIS_URL, uniquePrefix } from '../../support/redis.js';
import { eventually } from '../../support/redis-server.js';
import { makeTempDir } from '../../support/temp-dir.js';

const MAIN = path.resolve('src/main.ts');
const TSX = import.meta.resolve('tsx');
const MAX = 25;
const children: ChildProcess[] = [];

/** One real server process (`src/main.ts`) with the given config; resolves with its URL. */
const startInstance = async (cwd: string) => {
  const child = spawn(process.execPath, ['--conditions=development', '--import', TSX, MAIN, '--config', 'config.json'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', REDIS_URL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // Generous: two cold tsx starts at once on a busy machine can take a while.
  await eventually(async () => /listening on/.test(output) || child.exitCode !== null, 45_000);
  const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`instance did not start: ${output}`);
  return { url };
};

describe('two instances sharing one Redis', { timeout: 60_000 }, () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let instances: Array<Awaited<ReturnType<typeof startInstance>>>;

  before(async () => {
    temp = await makeTempDir();
    await mkdir(path.join(temp.dir, 'files'));
    const config = {
      files: {
        sources: { docs: { root: './files' } },
        // no redisUrl: it falls back to REDIS_URL, as the decisions say
        rateLimit: { backend: 'redis', keyPrefix: uniquePrefix('multi'), max: MAX, windowMs: 60_000, failOpen: false },
      },
    };
    await writeFile(path.join(temp.dir, 'config.json'), JSON.stringify(config));
    instances = await Promise.all([startInstance(temp.dir), startInstance(temp.dir)]);
  });
  after(async () => {
    await Promise.all(
      children.filter((child) => child.exitCode === null).map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))),
    );
    await temp.remove();
  });

  it(`admit exactly ${MAX} requests in a window between them when hammered concurrently`, async () => {
    const requests = Array.from({ length: 200 }, (_, i) =>
      fetch(`${instances[i % 2]!.url}/?action=files&source=docs`).then(async (response) => {
        await response.arrayBuffer();
        return { status: response.status, instance: i % 2 };
      }),
    );
    const answers = await Promise.all(requests);
    const admitted = answers.filter((a) => a.status === 200);
    assert.equal(admitted.length, MAX);
    assert.equal(answers.filter((a) => a.status === 429).length, 200 - MAX);
    // Separate limiters would admit MAX each (2 × MAX in all); which instance wins the race for the shared budget is up to timing.
    assert.ok(new Set(answers.filter((a) => a.status === 429).map((a) => a.instance)).size === 2, 'both instances refused once the shared budget was spent');
  });
});
