import { once } from 'node:events';
import type { Writable } from 'node:stream';

type Stream = Writable & { isTTY?: boolean };

/**
 * Where the command writes: results to stdout (what a script pipes on),
 * progress, usage lines and errors to stderr.
 */
export class Terminal {
  constructor(
    private readonly stdout: Stream = process.stdout,
    private readonly stderr: Stream = process.stderr,
  ) {}

  get interactive(): boolean {
    return Boolean(this.stderr.isTTY);
  }

  get stdoutIsTerminal(): boolean {
    return Boolean(this.stdout.isTTY);
  }

  /** Writes a result; waits when the reader of stdout is slower than we are. */
  async out(text: string): Promise<void> {
    if (!this.stdout.write(text)) await once(this.stdout, 'drain');
  }

  line(text: string): Promise<void> {
    return this.out(`${text}\n`);
  }

  json(value: unknown): Promise<void> {
    return this.line(JSON.stringify(value));
  }

  err(text: string): void {
    this.stderr.write(text);
  }

  errLine(text: string): void {
    this.stderr.write(`${text}\n`);
  }

  /** Resolves once everything written so far has been handed to the OS. */
  async flush(): Promise<void> {
    await Promise.all([this.stdout, this.stderr].map((s) => new Promise<void>((resolve) => s.write('', () => resolve()))));
  }
}

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'];

/** `512 B`, `12.3 KiB`, `4.0 MiB`. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `2025-11-22 10:04`, local time. */
export const formatTime = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
