import { setTimeout as wait } from 'node:timers/promises';
import type { Sleeper } from '../../../ports/sleeper.js';

export class TimerSleeper implements Sleeper {
  async sleep(ms: number, signal: AbortSignal): Promise<void> {
    try {
      await wait(ms, undefined, { signal });
    } catch {
      // timers/promises rejects with its own AbortError; callers expect the signal's reason.
      signal.throwIfAborted();
    }
  }
}
