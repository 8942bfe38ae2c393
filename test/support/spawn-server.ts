import { spawn } from 'node:child_process';
import path from 'node:path';

const MAIN = path.resolve('src/main.ts');
const TSX = import.meta.resolve('tsx');

/** Runs the real start command (`node --conditions=development --import tsx src/main.ts …`), or another entry script, in `cwd`, collecting its output. */
export const spawnServer = (args: string[], env: Record<string, string>, cwd: string, main = MAIN) => {
  const child = spawn(process.execPath, ['--conditions=development', '--import', TSX, main, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 20_000): Promise<RegExpExecArray> => {
    const start = Date.now();
    for (;;) {
      const match = pattern.exec(stdout);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before ${pattern}: ${stderr}`);
      if (Date.now() - start > ms) throw new Error(`timed out waiting for ${pattern}; stdout: ${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  /** Waits for the start line and returns the URL it names. */
  const started = async () => (await waitFor(/listening on (http:\/\/[^\s]+)/))[1]!;
  return { child, exited, waitFor, started, output: () => ({ stdout, stderr }) };
};
