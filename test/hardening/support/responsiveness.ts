import { recordedFetch } from './recorder.js';

export interface Responsiveness {
  /** Pings answered while the work ran. */
  answered: number;
  /** Pings that failed (connection error or a status other than 200). */
  failed: number;
  /** The slowest ping, in ms: how long the event loop was held at worst. */
  slowestMs: number;
}

/**
 * Runs `work` while pinging `GET /ping` one request after another, to see
 * whether the server keeps answering others while it handles a hostile
 * input. Bounds on `slowestMs` should be generous: this is about a loop held
 * for seconds, not about milliseconds.
 */
export const whileServing = async <T>(serverUrl: string, work: () => Promise<T>): Promise<{ result: T; ping: Responsiveness }> => {
  const ping: Responsiveness = { answered: 0, failed: 0, slowestMs: 0 };
  let done = false;
  const pinging = (async () => {
    // At least one ping, even when the work is over at once.
    do {
      const started = Date.now();
      try {
        const { response } = await recordedFetch(`${serverUrl}/ping`);
        if (response.status === 200) ping.answered += 1;
        else ping.failed += 1;
      } catch {
        ping.failed += 1;
      }
      ping.slowestMs = Math.max(ping.slowestMs, Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (!done);
  })();
  try {
    const result = await work();
    return { result, ping };
  } finally {
    done = true;
    await pinging;
  }
};
