/**
 * What every file of `ai/` shares: the keys registered for the sweep, the
 * request they send, and the checks that a failure reached the client as one
 * clean `error` event.
 */
import assert from 'node:assert/strict';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { CLIENT_KEY, PROVIDER_KEY } from '../../support/ai-server.js';
import type { JoditEvent } from '../../support/jodit-sse.js';
import type { HostileUpstream } from '../support/providers.js';
import { recordedFetch, registerSecret } from '../support/recorder.js';

// A Set underneath: registering again from each file is harmless.
registerSecret(PROVIDER_KEY);
registerSecret(CLIENT_KEY);

export const HELLO = { mode: 'full', messages: [{ role: 'user', content: 'Hello' }], tools: [] };

/** So that a hundred streams from one address are not refused before they reach a provider. */
export const NO_RATE_LIMIT = { rateLimit: { max: 1_000_000 } };

/** Provider error text that carries the key, as some providers echo it: it must be scrubbed on the way out. */
export const ECHOING_THE_KEY = `upstream exploded while handling key ${PROVIDER_KEY}`;

const STACK_FRAME = /\n\s+at [^\n]+:\d+:\d+/;

export interface Answer {
  status: number;
  events: JoditEvent[];
  text: string;
}

/**
 * The failure contract of the streaming route: a 200 stream of `created`,
 * any deltas, and one `error` carrying the status it stands for, never a
 * `completed`, never the provider's raw body, a stack or the key.
 */
export const assertOneCleanError = (answer: Answer, code: number): JoditEvent => {
  assert.equal(answer.status, 200, answer.text.slice(0, 300));
  const names = answer.events.map((event) => event.event);
  assert.equal(names[0], 'created', answer.text.slice(0, 300));
  assert.equal(names.filter((name) => name === 'error').length, 1, `one error event: ${names.join(', ')}`);
  assert.equal(names.at(-1), 'error', `the error ends the stream: ${names.join(', ')}`);
  assert.ok(!names.includes('completed'), `a failed answer must not complete: ${names.join(', ')}`);
  const error = answer.events.at(-1)!;
  assert.equal(error.data.error.code, code, answer.text.slice(0, 300));
  assert.match(error.data.responseId, /^error_/);
  assert.ok(!/<html|<!doctype/i.test(answer.text), 'no HTML error page reaches the client');
  assert.ok(!STACK_FRAME.test(answer.text), 'no stack trace reaches the client');
  assert.ok(!answer.text.includes(PROVIDER_KEY), 'the provider key never reaches the client');
  return error;
};

export const assertCompleted = (answer: Answer, text: string): void => {
  assert.equal(answer.status, 200);
  const last = answer.events.at(-1);
  assert.equal(last?.event, 'completed', answer.text.slice(0, 300));
  assert.equal(last.data.response.content, text);
};

/** The upstream requests that arrived after the first `since`. */
export const requestsSince = (upstream: HostileUpstream, since: number) => upstream.requests.slice(since);

/** `sse_streams_open` from the host's own /metrics, or undefined when it is not exposed. */
export const openStreams = async (server: RunningServer): Promise<number | undefined> => {
  const { response, text } = await recordedFetch(`${server.url}/metrics`);
  const match = /^sse_streams_open (\d+)/m.exec(text);
  return response.status === 200 && match ? Number(match[1]) : undefined;
};

/** Polls an async `read` until it gives `expected`; fails after `ms` with the last value seen. */
export const eventually = async <T>(what: string, read: () => Promise<T>, expected: T, ms = 10_000): Promise<void> => {
  const start = Date.now();
  let seen = await read();
  while (seen !== expected) {
    if (Date.now() - start > ms) assert.fail(`${what}: still ${String(seen)} after ${ms} ms, expected ${String(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    seen = await read();
  }
};

/** Unhandled rejections while a file runs: a client that leaves must not leave a promise nobody catches. */
export const watchUnhandledRejections = (): { seen: unknown[]; stop(): void } => {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => void seen.push(reason);
  process.on('unhandledRejection', listener);
  return { seen, stop: () => void process.off('unhandledRejection', listener) };
};
