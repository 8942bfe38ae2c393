import type { ReadinessCheck, ReadinessResult } from '../../ports/readiness-check.js';

export interface ReadinessReport {
  status: 'ok' | 'degraded';
  checks: Record<string, ReadinessResult>;
}

/** Runs every configured dependency check at once; ready only when all pass. */
export class CheckReadiness {
  constructor(private readonly checks: readonly ReadinessCheck[]) {}

  async execute(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(async (check): Promise<[string, ReadinessResult]> => {
        try {
          return [check.name, await check.check()];
        } catch (error) {
          // A check should not throw; if one does, it is a failed check, not a failed probe.
          return [check.name, { ok: false, error: error instanceof Error ? error.message : String(error) }];
        }
      }),
    );
    const checks = Object.fromEntries(results);
    return { status: results.every(([, result]) => result.ok) ? 'ok' : 'degraded', checks };
  }
}
