/**
 * What the hardening suite saw, for two uses: the secrets sweep that runs last
 * (nothing secret in any response or log line) and the figures the suite
 * prints at the end (attack strings tried, faults injected, requests made).
 * One module instance is shared by every hardening test in the process.
 */
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

interface Seen {
  kind: 'response' | 'log';
  where: string;
  text: string;
}

const seen: Seen[] = [];
const figures = { attacks: 0, faults: 0, requests: 0, logLines: 0 };
const secrets = new Set<string>();

/**
 * A value that must never appear in a response or a log line: a provider or
 * client key, a JWT or its signing secret, a cookie value, the content of a
 * canary file outside a source root. The sweep checks every one of them.
 */
export const registerSecret = (value: string): string => {
  if (value.length < 8) throw new Error('A secret shorter than 8 characters would match by chance');
  secrets.add(value);
  return value;
};

export const registeredSecrets = (): readonly string[] => [...secrets];

export const countAttacks = (n = 1): void => {
  figures.attacks += n;
};

export const countFaults = (n = 1): void => {
  figures.faults += n;
};

/** Records one response: status line, every header and the whole body text. */
export const recordResponse = (where: string, status: number, headers: Headers | Record<string, string | string[] | undefined>, body: string): void => {
  figures.requests += 1;
  const headerLines =
    headers instanceof Headers
      ? [...headers.entries()].map(([name, value]) => `${name}: ${value}`)
      : Object.entries(headers).map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : (value ?? '')}`);
  seen.push({ kind: 'response', where, text: `${status}\n${headerLines.join('\n')}\n\n${body}` });
};

/** `fetch` that records the response (body read as text) and returns it with the text. */
export const recordedFetch = async (input: string | URL, init?: RequestInit): Promise<{ response: Response; text: string }> => {
  const response = await fetch(input, init);
  const text = await response.text();
  recordResponse(`${init?.method ?? 'GET'} ${String(input)}`, response.status, response.headers, text);
  return { response, text };
};

export const recordLogLine = (where: string, line: string): void => {
  figures.logLines += 1;
  seen.push({ kind: 'log', where, text: line });
};

/** A pino logger at `level` whose every line is recorded (and not printed). */
export const recordingLogger = (where: string, level: pino.Level = 'debug'): Logger =>
  pino(
    { level },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) recordLogLine(where, line);
        done();
      },
    }),
  );

export const everythingSeen = (): readonly Seen[] => seen;

export const hardeningFigures = (): Readonly<typeof figures> => ({ ...figures });
