/**
 * `npm run bench [-- <name>…] [--smoke]`: runs the scenarios, each against
 * its floor measured in the same run, and writes bench/results/latest.md
 * (or smoke.md) with SVG charts beside it.
 */
import os from 'node:os';
import path from 'node:path';
import { writeReport, type Chart, type Row } from './lib/report.js';
import type { Scenario } from './lib/scenario.js';
import { gatewayScenario } from './scenarios/gateway.js';
import { listingScenario } from './scenarios/listing.js';
import { relayScenario } from './scenarios/relay.js';
import { uploadScenario } from './scenarios/upload.js';
import { imagesScenario } from './scenarios/images.js';
import { documentsScenario } from './scenarios/documents.js';
import { rateLimiterScenario } from './scenarios/rate-limiter.js';

const SCENARIOS: Scenario[] = [gatewayScenario, relayScenario, listingScenario, uploadScenario, imagesScenario, documentsScenario, rateLimiterScenario];

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !SCENARIOS.some((s) => s.name === n));
if (unknown.length) {
  console.error(`unknown scenario(s): ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const selected = names.length ? SCENARIOS.filter((s) => names.includes(s.name)) : SCENARIOS;

const rows: Row[] = [];
const charts: Chart[] = [];
const failures: string[] = [];
const started = Date.now();
for (const scenario of selected) {
  console.log(`\n▶ ${scenario.name}: ${scenario.description}`);
  try {
    const result = await scenario.run({ smoke, log: (m) => console.log(`  ${m}`) });
    rows.push(...result.rows);
    charts.push(...(result.charts ?? []));
  } catch (error) {
    failures.push(scenario.name);
    console.error(`  ✗ ${scenario.name} failed: ${(error as Error).stack ?? error}`);
  }
}

const meta = `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${smoke ? 'smoke run (tiny sizes: figures are not meaningful)' : 'full run'} · ${Math.round((Date.now() - started) / 1000)} s${failures.length ? ` · failed: ${failures.join(', ')}` : ''}`;
const file = writeReport(path.resolve('bench/results'), rows, charts, meta, smoke ? 'smoke.md' : 'latest.md');
console.log(`\nwrote ${file}`);
process.exit(failures.length ? 1 : 0);
