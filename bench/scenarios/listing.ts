import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { spawnServer } from '../lib/processes.js';
import type { Row } from '../lib/report.js';
import type { Scenario } from '../lib/scenario.js';
import { percentile, round } from '../lib/stats.js';

const timeRuns = async (runs: number, task: () => Promise<unknown>): Promise<number[]> => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times;
};

export const listingScenario: Scenario = {
  name: 'listing',
  description: '`files` on a folder of 10,000 files vs readdir + stat in-process, and with mods[limit] paging',
  async run({ smoke, log }) {
    const count = smoke ? 1000 : 10_000;
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-listing-'));
    for (let i = 0; i < count; i += 500) {
      await Promise.all(Array.from({ length: Math.min(500, count - i) }, (_, j) => writeFile(path.join(dir, `file-${i + j}.txt`), 'x')));
    }
    const server = await spawnServer({ files: { sources: { bench: { root: dir, baseurl: '/files/bench/' } }, accessControl: [{ role: 'guest', FILES: true }] } });
    const runs = smoke ? 3 : 20;
    try {
      const list = (query: string) => async () => {
        const response = await request(`${server.url}/?action=files&source=bench${query}`);
        const body = (await response.body.json()) as { data: { sources: { files: unknown[] }[] } };
        if (response.statusCode !== 200) throw new Error(`listing answered ${response.statusCode}`);
        return body.data.sources[0]!.files.length;
      };
      const floorTask = async () => Promise.all((await readdir(dir)).map((name) => stat(path.join(dir, name))));
      await list('')();
      await floorTask();
      const floor = await timeRuns(runs, floorTask);
      const ours = await timeRuns(runs, list(''));
      const paged = await timeRuns(runs, list('&mods[limit]=100&mods[offset]=5000'));
      const rows: Row[] = [];
      const p = (values: number[], q: number) => round(percentile(values, q));
      log(`listing ${count}: ${p(ours, 50)} ms vs readdir+stat ${p(floor, 50)} ms`);
      rows.push({
        scenario: `listing ${count} files`,
        ours: p(ours, 50),
        floor: p(floor, 50),
        unit: 'ms p50',
        ratio: round(p(ours, 50) / p(floor, 50)),
        p50: `${p(ours, 50)} ms`,
        p99: `${p(ours, 99)} ms`,
        target: 'ratio ≤ 2',
        met: p(ours, 50) / p(floor, 50) <= 2,
      });
      rows.push({
        scenario: `listing ${count} files, mods[limit]=100`,
        ours: p(paged, 50),
        floor: p(floor, 50),
        unit: 'ms p50',
        ratio: round(p(paged, 50) / p(floor, 50)),
        p50: `${p(paged, 50)} ms`,
        p99: `${p(paged, 99)} ms`,
      });
      return { rows };
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
