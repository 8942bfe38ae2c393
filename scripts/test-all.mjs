#!/usr/bin/env node
// Runs every test stage in order, streams their output, and closes with one
// "N passed, N failed" line over all of them. Exits non-zero if any stage fails.
import { spawn } from 'node:child_process';

const stages = [
  { name: 'services', cmd: 'bash', args: ['scripts/ensure-test-services.sh'] },
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', '.'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'dependency rules', cmd: 'npx', args: ['depcruise', 'src', '--config', '.dependency-cruiser.cjs'] },
  { name: 'unit, contract, integration, hardening, examples', cmd: 'node', args: ['--conditions=development', '--import', 'tsx', '--test-reporter=tap', '--test-force-exit', 'test/run.ts', 'unit', 'contract', 'integration', 'hardening', 'examples'] },
  { name: 'features', cmd: 'npx', args: ['cucumber-js'], env: { NODE_OPTIONS: '--conditions=development --import=tsx' } },
  { name: 'bench smoke', cmd: 'node', args: ['--conditions=development', '--import', 'tsx', 'bench/run.ts', '--smoke'] },
  { name: 'end to end', cmd: 'node', args: ['--conditions=development', '--import', 'tsx', '--test-reporter=tap', '--test-force-exit', 'test/run.ts', 'e2e'] },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedStages = [];

const count = (output) => {
  const tapPass = [...output.matchAll(/^# pass (\d+)$/gm)].map((m) => Number(m[1]));
  const tapFail = [...output.matchAll(/^# fail (\d+)$/gm)].map((m) => Number(m[1]));
  if (tapPass.length > 0) return { pass: tapPass.at(-1), fail: tapFail.at(-1) ?? 0 };
  const scenarios = output.match(/^(\d+) scenarios? \(([^)]*)\)$/m);
  if (scenarios) {
    const of = (word) => Number(scenarios[2].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
    return { pass: of('passed'), fail: Number(scenarios[1]) - of('passed') };
  }
  return undefined;
};

for (const stage of stages) {
  if (only.length > 0 && !only.includes(stage.name.split(/[ ,]/)[0])) continue;
  process.stdout.write(`\n=== ${stage.name} ===\n`);
  const child = spawn(stage.cmd, stage.args, { env: { ...process.env, ...stage.env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  const counted = count(output);
  if (counted) {
    passed += counted.pass;
    failed += counted.fail;
  } else if (code === 0) {
    passed += 1;
  } else {
    failed += 1;
  }
  if (code !== 0) failedStages.push(stage.name);
}

process.stdout.write(`\n${failedStages.length ? `failed stages: ${failedStages.join(', ')}\n` : ''}`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedStages.length || failed ? 1 : 0);
