import type { ReadinessCheck, ReadinessResult } from '../../src/ports/readiness-check.js';

/** A dependency whose state a test sets: up, down with a reason, or broken (its check throws). */
export class FixedReadinessCheck implements ReadinessCheck {
  constructor(
    readonly name: string,
    public state: 'up' | 'down' | 'broken' = 'up',
    private readonly reason = 'connection refused',
  ) {}

  async check(): Promise<ReadinessResult> {
    if (this.state === 'broken') throw new Error(this.reason);
    return this.state === 'up' ? { ok: true, latencyMs: 0 } : { ok: false, error: this.reason };
  }
}
