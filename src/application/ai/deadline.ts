/**
 * One signal for a provider call: fires when the caller's signal does
 * (client gone) or when `timeoutMs` passes; `timedOut` tells the two apart.
 */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private expired = false;

  constructor(
    caller: AbortSignal,
    readonly timeoutMs: number,
  ) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    this.signal = AbortSignal.any([caller, this.controller.signal]);
  }

  get timedOut(): boolean {
    return this.expired;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

export interface TimeoutSettings {
  requestTimeoutMs: number;
  maxRequestTimeoutMs: number;
}

/** The request's own timeout when it asks for one, never above the cap. */
export const effectiveTimeout = (settings: TimeoutSettings, requested?: number): number =>
  Math.min(requested ?? settings.requestTimeoutMs, settings.maxRequestTimeoutMs);
