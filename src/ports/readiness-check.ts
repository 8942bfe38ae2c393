export interface ReadinessResult {
  ok: boolean;
  latencyMs?: number;
  /** A short reason when not ok; never a secret such as a password in a URL. */
  error?: string;
}

/**
 * One dependency the service needs before it can take traffic (Redis, …).
 * `check` answers within its own short timeout and reports failure as
 * `{ok: false}` rather than throwing.
 */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<ReadinessResult>;
}
