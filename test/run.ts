/**
 * One entry for node's test runner: imports every `*.test.ts` under the
 * groups named on the command line (default: all but e2e and hardening-full),
 * so the whole suite runs in one process without shell globs. A group is a
 * folder of test/, or `examples`: the top-level folder of worked extension
 * examples, whose tests run like any other group.
 *
 * The imports happen inside a first test that the root runner must wait for:
 * with `--test-force-exit` the runner exits as soon as its queue is empty, so
 * a plain top-level `await import()` loop let it finish the files loaded so
 * far and exit before a slow-to-load file had registered its tests.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const here = path.dirname(new URL(import.meta.url).pathname);
const groups = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const selected = groups.length > 0 ? groups : ['unit', 'contract', 'integration', 'examples'];
const folderOf = (group: string) => (group === 'examples' ? path.join(here, '..', 'examples') : path.join(here, group));

const files = selected
  .map(folderOf)
  .filter((folder) => existsSync(folder))
  .flatMap((folder) =>
    (readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(folder, file)),
  )
  .sort();

// Started outside the test so the files' suites register at the top level, not inside it.
const loading = (async () => {
  const failures: string[] = [];
  for (const file of files) {
    await import(pathToFileURL(file).href).catch((error: unknown) => {
      failures.push(`${path.relative(here, file)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    });
  }
  if (failures.length > 0) throw new Error(`Could not load:\n${failures.join('\n')}`);
})();

test(`load ${files.length} test files (${selected.join(', ')})`, () => loading);
