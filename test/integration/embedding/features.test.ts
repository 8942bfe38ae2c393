import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { makeTempDir } from '../../support/temp-dir.js';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');

describe("The Gherkin features against an embedder's own storage (examples/custom-storage)", () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  before(async () => {
    // A project that depends on the package: the checkout as its node_modules/editor-backend, with tsx beside it.
    temp = await makeTempDir();
    await mkdir(path.join(temp.dir, 'node_modules'));
    await symlink(repo, path.join(temp.dir, 'node_modules/editor-backend'), 'dir');
    await symlink(path.join(repo, 'node_modules/tsx'), path.join(temp.dir, 'node_modules/tsx'), 'dir');
  });
  after(() => temp.remove());

  it("pass with EDITOR_BACKEND_FEATURES naming the storage example's setup, run from another project's folder", async () => {
    const report = path.join(temp.dir, 'sources-made');
    const { stdout } = await run(
      path.join(repo, 'node_modules/.bin/cucumber-js'),
      ['--config', 'node_modules/editor-backend/cucumber.mjs', '--format', 'summary'],
      {
        cwd: temp.dir,
        env: {
          ...process.env,
          NODE_OPTIONS: '--conditions=development --import=tsx',
          EDITOR_BACKEND_FEATURES: path.join(repo, 'examples/custom-storage/features-setup.ts'),
          FEATURES_SETUP_REPORT: report,
        },
      },
    );
    const [, total, passed] = stdout.match(/^(\d+) scenarios? \((\d+) passed\)$/m) ?? [];
    assert.ok(Number(total) > 50, stdout);
    assert.equal(passed, total, stdout);
    assert.ok(Number(await readFile(report, 'utf8')) > 50, 'the scenarios took their sources from the setup');
  });
});
