import type { Chart, Row } from './report.js';

export interface BenchContext {
  /** A few seconds per scenario, for CI: proves the bench still runs, measures little. */
  smoke: boolean;
  log(message: string): void;
}

export interface ScenarioResult {
  rows: Row[];
  charts?: Chart[];
}

export interface Scenario {
  name: string;
  description: string;
  run(context: BenchContext): Promise<ScenarioResult>;
}

export const CLIENT_KEY = '3f0c1a52-7b1e-4c1a-9a55-0d2f3c4b5a69';
