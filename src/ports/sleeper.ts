/** Waits between retries; a port so tests need not wait. */
export interface Sleeper {
  /** Resolves after `ms`, rejects at once with the signal's reason when it fires. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}
