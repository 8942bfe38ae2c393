import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const TSX = import.meta.resolve('tsx');
const MAIN = path.resolve('src/main.ts');

export interface Spawned {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry in its own process and waits for the line that says where it listens. */
export const spawnListening = async (entry: string, args: string[], env: Record<string, string> = {}, cwd = process.cwd()): Promise<Spawned> => {
  const child = spawn(process.execPath, ['--import', TSX, entry, ...args], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /listening on (http:\/\/[^\s"()]+)/.exec(buffered);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before listening:\n${buffered}`)));
  });
  return {
    child,
    url,
    stop: () => stopChild(child),
  };
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The gateway/connector itself, started by the real start command with a config file; ready when /ai/health or /ping answers. */
export const spawnServer = async (config: object, cwd?: string): Promise<Spawned> => {
  const port = await freePort();
  const file = path.join(tmpdir(), `bench-config-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ host: '127.0.0.1', port, logLevel: 'warn', ...config }));
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', TSX, MAIN, '--config', file], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const answers = await Promise.all([`${url}/ai/health`, `${url}/ping`].map((u) => fetch(u).then((r) => r.ok, () => false)));
    if (answers.some(Boolean)) break;
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error('server did not start within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    stop: () => stopChild(child),
  };
};

/** Resident set size of a process in bytes, from /proc. */
export const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
};

/** Samples a process's RSS every few ms until stopped; returns the peak. */
export const sampleRss = (pid: number, everyMs = 20): { stop(): number } => {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      /* the process is gone */
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      try {
        peak = Math.max(peak, rssOf(pid));
      } catch {
        /* gone */
      }
      return peak;
    },
  };
};

/** CPU time (user+system, ms) a process has used so far. */
export const cpuMsOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
};

/** SIGTERM first, so a server started with `--cpu-prof` writes its profile; SIGKILL if it lingers. */
const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
