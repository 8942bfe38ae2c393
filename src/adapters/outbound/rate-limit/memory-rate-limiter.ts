import type { RateLimitDecision, RateLimiter } from '../../../ports/rate-limiter.js';

export interface MemoryRateLimiterOptions {
  max: number;
  windowMs: number;
  /**
   * Most keys held at once (default 50,000). Past it, the key admitted least
   * recently is forgotten, so a flood of distinct keys cannot grow memory; the
   * price is that a forgotten key starts a fresh window.
   */
  maxKeys?: number;
  /** Milliseconds on any steady scale; tests pass a manual clock. */
  now?: () => number;
}

/** Admission times of one key, oldest first; `head` skips expired ones without shifting the array. */
interface AdmissionLog {
  times: number[];
  head: number;
}

const steadyNow = (): number => performance.now();

/**
 * A sliding-window log per key, for a single instance. The map's insertion
 * order is the order of each key's last admission, so expired keys are always
 * at its head and are swept whenever a new key arrives.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, AdmissionLog>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: MemoryRateLimiterOptions) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? steadyNow;
  }

  /** Keys currently held (for tests and metrics). */
  get size(): number {
    return this.logs.size;
  }

  consume(key: string): Promise<RateLimitDecision> {
    const now = this.now();
    const cutoff = now - this.windowMs;
    let log = this.logs.get(key);
    if (log) dropExpired(log, cutoff);
    const counted = log ? log.times.length - log.head : 0;
    if (log && counted >= this.max) {
      const wait = log.times[log.head]! + this.windowMs - now;
      return Promise.resolve({ allowed: false, limit: this.max, remaining: 0, resetMs: wait, retryAfterMs: wait });
    }
    if (log) {
      this.logs.delete(key);
    } else {
      this.makeRoom(cutoff);
      log = { times: [], head: 0 };
    }
    log.times.push(now);
    this.logs.set(key, log);
    return Promise.resolve({
      allowed: true,
      limit: this.max,
      remaining: this.max - counted - 1,
      resetMs: log.times[log.head]! + this.windowMs - now,
    });
  }

  private makeRoom(cutoff: number): void {
    for (const [key, log] of this.logs) {
      const expired = log.times[log.times.length - 1]! <= cutoff;
      if (!expired && this.logs.size < this.maxKeys) return;
      this.logs.delete(key);
    }
  }
}

const dropExpired = (log: AdmissionLog, cutoff: number): void => {
  while (log.head < log.times.length && log.times[log.head]! <= cutoff) log.head += 1;
  if (log.head > 16 && log.head * 2 >= log.times.length) {
    log.times.splice(0, log.head);
    log.head = 0;
  }
};
