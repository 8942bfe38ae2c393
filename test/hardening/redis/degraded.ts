import assert from 'node:assert/strict';
import { everythingSeen } from '../support/recorder.js';
import type { Answer } from './redis-host.js';

/**
 * What a limiter answers while Redis cannot be asked (README, "When Redis
 * fails"): failOpen true serves the request, false refuses it with 429,
 * `Retry-After: 1` and the service's own error body; either way no
 * `X-RateLimit-*` numbers, as there are none to give.
 */
export const assertDegraded = (answer: Answer, failOpen: boolean, service: 'ai' | 'files', what: string): void => {
  assert.equal(answer.headers.get('x-ratelimit-limit'), null, `${what}: no made-up limit numbers`);
  if (failOpen) {
    assert.equal(answer.status, 200, `${what}: served while Redis is out (failOpen)`);
    return;
  }
  assert.equal(answer.status, 429, `${what}: refused while Redis is out (failOpen false)`);
  assert.equal(answer.headers.get('retry-after'), '1', what);
  assert.match(answer.headers.get('content-type') ?? '', /application\/json/, what);
  if (service === 'ai') assert.deepEqual(answer.body.error?.code, 429, `${what}: ${JSON.stringify(answer.body)}`);
  else assert.deepEqual(answer.body.data?.code, 429, `${what}: ${JSON.stringify(answer.body)}`);
  assert.equal(answer.body.success, false, what);
};

/** An answer that counted in Redis: served, with true numbers. */
export const assertCounted = (answer: Answer, max: number, what: string): void => {
  assert.equal(answer.status, 200, `${what}: ${JSON.stringify(answer.body)}`);
  assert.equal(answer.headers.get('x-ratelimit-limit'), String(max), what);
};

export interface LogLine {
  level: number;
  msg: string;
  rateLimiter?: string;
  [field: string]: unknown;
}

/** Where the recorded log of `where` stands now, to read only what comes after. */
export const logMark = (): number => everythingSeen().length;

/** The lines `where` logged since `mark`, parsed. */
export const logLinesSince = (mark: number, where: string): LogLine[] =>
  everythingSeen()
    .slice(mark)
    .filter((seen) => seen.kind === 'log' && seen.where === where)
    .map((seen) => JSON.parse(seen.text) as LogLine);

/** Outage and recovery lines of the rate limiters since `mark`, as `ai:down`, `files:up`, sorted. */
export const limiterTransitions = (mark: number, where: string): string[] =>
  logLinesSince(mark, where)
    .flatMap((line) =>
      /Redis is unavailable/.test(line.msg) ? [`${line.rateLimiter}:down`] : /Redis is available again/.test(line.msg) ? [`${line.rateLimiter}:up`] : [],
    )
    .sort();
