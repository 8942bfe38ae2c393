/**
 * Runs last in the hardening group (test/run.ts imports files sorted, and
 * runs them one after another in one process): every response and log line
 * the other hardening tests recorded is searched for every secret they
 * registered — provider and client keys, JWTs and their signing secrets,
 * cookie values, canaries outside a source root. Run it through
 * `node --import tsx --test-force-exit test/run.ts hardening`; alone it has
 * nothing to look at, and says so by failing.
 */
import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { everythingSeen, hardeningFigures, registeredSecrets } from './support/recorder.js';
import { FULL } from './support/scale.js';

/** Servers (by the name their recording logger was given) whose lines must be here if the suite ran before the sweep. */
const EXPECTED_SOURCES = [
  'access/matrix',
  'access/authentication',
  'access/jwt',
  'access/ai-keys',
  'access/ai-check',
  'paths/fixed-corpus',
  'paths/generated-corpus',
  'uploads/over-size',
  'uploads/full-disk',
  'races/concurrent-changes',
  'ssrf/remote-upload',
  'ssrf/remote-upload-redirects',
  'ssrf/document-rendering',
  'ssrf/document-rendering-html-docx-js',
  'ai:openai',
  'ai:openai-compatible',
  'ai:gemini',
  'ai:anthropic',
  'redis/rate-limit',
  'redis/conversations',
];
const MIN_REQUESTS = 2000;

/** The forms a secret may take on its way out: as is, URL-encoded, base64. */
const spellings = (secret: string): string[] => [...new Set([secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('base64url')])];

const STACK_FRAME = /\n\s+at [^\n]+[(/][^\n]+:\d+:\d+\)?/;

// Top level, so the reporter prints the figures as a `# hardening figures: …` line of its own.
test('hardening figures: the sweep ran after the rest of the suite and saw its records', (t) => {
  const figures = hardeningFigures();
  t.diagnostic(`hardening figures: attack strings ${figures.attacks}, faults injected ${figures.faults}, requests ${figures.requests}, log lines ${figures.logLines}, secrets ${registeredSecrets().length} (${FULL ? 'full' : 'CI'} scale)`);
  const sources = new Set(everythingSeen().filter((seen) => seen.kind === 'log').map((seen) => seen.where));
  const missing = EXPECTED_SOURCES.filter((source) => !sources.has(source));
  assert.deepEqual(missing, [], 'the sweep runs after the other hardening files, in the same process (run it through test/run.ts hardening)');
  assert.ok(figures.requests >= MIN_REQUESTS, `at least ${MIN_REQUESTS} recorded requests, saw ${figures.requests}`);
  assert.ok(figures.logLines >= figures.requests / 2, `log lines were recorded too (${figures.logLines})`);
  assert.ok(figures.attacks > 0 && figures.faults > 0);
  assert.ok(registeredSecrets().length >= 10, `the tests registered their secrets (${registeredSecrets().length})`);
});

describe('secrets sweep over everything the hardening suite saw', () => {
  it('no secret appears in any recorded response (status, headers, body) or log line', () => {
    const leaks: string[] = [];
    for (const secret of registeredSecrets()) {
      const forms = spellings(secret);
      for (const seen of everythingSeen()) {
        if (forms.some((form) => seen.text.includes(form))) leaks.push(`${seen.kind} of ${seen.where} holds ${secret.slice(0, 6)}…: ${seen.text.slice(0, 300)}`);
      }
    }
    assert.deepEqual(leaks.slice(0, 20), [], `${leaks.length} leaks`);
  });

  it('no recorded response carries a stack trace', () => {
    const traces = everythingSeen()
      .filter((seen) => seen.kind === 'response' && STACK_FRAME.test(seen.text))
      .map((seen) => `${seen.where}: ${seen.text.slice(0, 300)}`);
    assert.deepEqual(traces.slice(0, 10), [], `${traces.length} responses with a stack trace`);
  });
});
