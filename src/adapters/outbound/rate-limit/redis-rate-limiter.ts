import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimiter } from '../../../ports/rate-limiter.js';
import { SLIDING_WINDOW_LUA } from './sliding-window-script.js';

export type RedisAvailability = { available: false; error: Error } | { available: true };

export interface RedisRateLimiterOptions {
  /** `redis://` or `rediss://` (TLS), with user, password and db in the URL. */
  url: string;
  max: number;
  windowMs: number;
  /** Admit (true) or refuse (false) while Redis cannot answer. */
  failOpen: boolean;
  /** Namespace of this limiter's keys, e.g. `editor-backend:rl:ai:`. */
  keyPrefix: string;
  /** Longest a check waits for Redis before the fallback answers (default 500 ms). */
  commandTimeoutMs?: number;
  /** Milliseconds since the epoch; by default Redis's own clock is used, shared by all instances. */
  now?: () => number;
  /** Called once when Redis becomes unavailable and once when it is back. */
  onAvailabilityChange?: (change: RedisAvailability) => void;
}

/** `admitted` is -1 when Redis ran the check after `deadline`. */
type ScriptReply = [admitted: number, remaining: number, resetMs: number, redisNow: number];
type LimiterClient = Redis & {
  slidingWindow(key: string, max: number, windowMs: number, member: string, now: string, deadline: string): Promise<ScriptReply>;
};

/** Local milliseconds that never step (unlike Date.now under NTP). */
const localNow = (): number => performance.timeOrigin + performance.now();

/**
 * A sliding-window log in one Redis sorted set per key, checked by one Lua
 * script (EVALSHA), so any number of instances together never exceed `max`.
 * A Redis outage never hangs a request: nothing is queued while disconnected,
 * each check is bounded by the command timeout, and ioredis reconnects alone.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: LimiterClient;
  private readonly member = randomBytes(6).toString('base64url');
  private sequence = 0;
  /** `connecting` until the first connection is ready: failures then are start-up, not an outage. */
  private state: 'connecting' | 'available' | 'unavailable' = 'connecting';
  /**
   * The least (Redis's clock when it ran a check − our clock when we sent
   * it) on this connection: Redis's clock is at most that far ahead of ours,
   * so our give-up time plus this is never earlier in Redis's clock than
   * the real one. Sent as the check's deadline, it keeps a check that
   * reaches Redis after we answered without it (a partition, a stalled
   * server) from counting a request we refused or admitted uncounted.
   */
  private redisAheadAtMost: number | undefined;
  private clockLearnedAt = 0;

  constructor(private readonly options: RedisRateLimiterOptions) {
    this.redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: this.commandTimeoutMs,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
      enableAutoPipelining: true,
    }) as LimiterClient;
    this.redis.defineCommand('slidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
    this.redis.on('error', (error: Error) => this.markUnavailable(error));
    this.redis.on('ready', () => {
      this.redisAheadAtMost = undefined; // perhaps another server (a failover), with a clock of its own
      this.markAvailable();
    });
  }

  async consume(key: string): Promise<RateLimitDecision> {
    const { max, windowMs } = this.options;
    try {
      this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER;
      const now = this.options.now ? String(this.options.now()) : '';
      const sentAt = localNow();
      // With a clock of the caller's (`now`), the check runs at that time wherever Redis is: no deadline applies.
      const deadline = now || this.redisAheadAtMost === undefined ? '' : String(Math.ceil(sentAt + this.commandTimeoutMs + this.redisAheadAtMost));
      const [admitted, remaining, resetMs, redisNow] = await this.redis.slidingWindow(
        this.options.keyPrefix + key, max, windowMs, `${this.member}:${this.sequence}`, now, deadline,
      );
      this.markAvailable();
      if (!now) this.learnClock(redisNow - sentAt, admitted === -1);
      // Too late by Redis's clock yet answered in time by ours: Redis's clock stepped ahead. Nothing was counted.
      if (admitted === -1) return this.fallback();
      const decision: RateLimitDecision = { allowed: admitted === 1, limit: max, remaining, resetMs };
      return admitted === 1 ? decision : { ...decision, retryAfterMs: resetMs };
    } catch (error) {
      this.markUnavailable(error instanceof Error ? error : new Error(String(error)), true);
      return this.fallback();
    }
  }

  /** Resolves once the first connection is ready (checks before that get the fallback answer). */
  ready(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.redis.once('ready', () => resolve()));
  }

  /** Drops the connection at once: nothing this limiter sends needs to be flushed. */
  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private get commandTimeoutMs(): number {
    return this.options.commandTimeoutMs ?? 500;
  }

  /** The tightest bound of the last minute: older ones may no longer hold, as the two clocks drift apart. */
  private learnClock(aheadAtMost: number, stepped: boolean): void {
    const stale = localNow() - this.clockLearnedAt > 60_000;
    if (stepped || stale || this.redisAheadAtMost === undefined || aheadAtMost < this.redisAheadAtMost) {
      this.redisAheadAtMost = aheadAtMost;
      this.clockLearnedAt = localNow();
    }
  }

  private fallback(): RateLimitDecision {
    const { max, windowMs, failOpen } = this.options;
    if (failOpen) return { allowed: true, limit: max, remaining: max, resetMs: windowMs, degraded: true };
    const retryAfterMs = Math.min(windowMs, 1_000);
    return { allowed: false, limit: max, remaining: 0, resetMs: retryAfterMs, retryAfterMs, degraded: true };
  }

  private markUnavailable(error: Error, fromCommand = false): void {
    if (this.state === 'unavailable' || (fromCommand && this.state === 'connecting')) return;
    this.state = 'unavailable';
    this.options.onAvailabilityChange?.({ available: false, error });
  }

  private markAvailable(): void {
    if (this.state === 'available') return;
    const wasDown = this.state === 'unavailable';
    this.state = 'available';
    if (wasDown) this.options.onAvailabilityChange?.({ available: true });
  }
}
