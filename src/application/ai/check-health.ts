import type { Clock } from '../../ports/clock.js';

export interface HealthReport {
  status: 'ok';
  timestamp: string;
  version: string;
  providers: string[];
}

/** The AI adapter's liveness answer: never authenticated, never rate-limited. */
export class CheckHealth {
  constructor(
    private readonly clock: Clock,
    private readonly version: string,
    private readonly providerNames: readonly string[],
  ) {}

  execute(): HealthReport {
    return {
      status: 'ok',
      timestamp: this.clock.now().toISOString(),
      version: this.version,
      providers: [...this.providerNames],
    };
  }
}
