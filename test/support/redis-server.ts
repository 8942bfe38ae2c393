import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A throwaway Redis of our own (no persistence), for tests that stop, restart or pause it. */
export interface OwnRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export const startOwnRedis = async (options: { password?: string } = {}): Promise<OwnRedis> => {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...(options.password ? ['--requirepass', options.password] : [])], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let output = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  await start();
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
  return { port, url: `redis://${auth}127.0.0.1:${port}`, stop, start };
};

/** Rejects when `promise` takes longer than `ms`: a guard against hanging, not a speed assertion. */
export const within = <T>(ms: number, promise: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
};

/** Polls until `check` returns true or the deadline passes. */
export const eventually = async (check: () => Promise<boolean>, ms = 15_000): Promise<void> => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
