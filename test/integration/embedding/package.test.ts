import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { makeTempDir } from '../../support/temp-dir.js';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

/**
 * What an outside project sees: `editor-backend` resolved through the
 * package's `exports` (no development condition, so the built `dist/` and its
 * `.d.ts`), typechecked by its own tsc run and executed by plain node.
 */
const consumerSource = `
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createFileConnector, ConfigError, type FileConnectorOptions } from 'editor-backend';
import { fileStorageContract } from 'editor-backend/testing';

export const misuse = () =>
  // @ts-expect-error -- the typings know a source's settings; this fails to compile if they were 'any'
  createFileConnector({ sources: { docs: { rooot: '/tmp' } } });

const options: FileConnectorOptions = { sources: { docs: { root: process.argv[2]! } } };
const app = express();
app.use('/cms', createFileConnector(options));
const server = app.listen(0, '127.0.0.1', async () => {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(\`http://127.0.0.1:\${port}/cms/?action=files\`);
  const body = (await response.json()) as { data: { sources: Array<{ files: Array<{ file: string }> }> } };
  let refused = '';
  try {
    createFileConnector({ sources: { docs: { root: '' } } });
  } catch (error) {
    if (error instanceof ConfigError) refused = error.constructor.name;
  }
  console.log(JSON.stringify({ status: response.status, files: body.data.sources[0]!.files.map((f) => f.file), kit: typeof fileStorageContract, refused }));
  server.close();
});
`;

describe('The package as an outside project installs it', () => {
  let consumer: Awaited<ReturnType<typeof makeTempDir>>;
  let data: Awaited<ReturnType<typeof makeTempDir>>;
  before(async () => {
    await run(process.execPath, [tsc, '-p', path.join(repo, 'tsconfig.build.json')], { cwd: repo });
    consumer = await makeTempDir('editor-backend-consumer-');
    data = await makeTempDir();
    await writeFile(path.join(data.dir, 'report.txt'), 'hello');
    const modules = path.join(consumer.dir, 'node_modules');
    await mkdir(modules);
    await symlink(repo, path.join(modules, 'editor-backend'), 'dir');
    await symlink(path.join(repo, 'node_modules/express'), path.join(modules, 'express'), 'dir');
    await symlink(path.join(repo, 'node_modules/@types'), path.join(modules, '@types'), 'dir');
    await writeFile(path.join(consumer.dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
    await writeFile(
      path.join(consumer.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, outDir: 'out', types: ['node'], skipLibCheck: true },
        include: ['app.ts'],
      }),
    );
    await writeFile(path.join(consumer.dir, 'app.ts'), consumerSource);
  });
  after(async () => {
    await consumer?.remove();
    await data?.remove();
  });

  it('typechecks against the published .d.ts and runs from dist with plain node', async () => {
    await run(process.execPath, [tsc, '-p', consumer.dir], { cwd: consumer.dir }).catch((error: { stdout: string }) => {
      assert.fail(`the consumer does not compile:\n${error.stdout}`);
    });
    const { stdout } = await run(process.execPath, [path.join(consumer.dir, 'out/app.js'), data.dir], { cwd: consumer.dir });
    assert.deepEqual(JSON.parse(stdout), { status: 200, files: ['report.txt'], kit: 'function', refused: 'ConfigError' });
  });
});
