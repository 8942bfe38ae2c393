import type { HttpRequestObservation, Metrics } from '../../../ports/metrics.js';

/** What `MemoryMetrics` has counted, in plain numbers a test can compare. */
export interface MetricsSnapshot {
  httpRequests: Record<string, number>;
  openStreams: number;
  providerCalls: Record<string, { ok: number; failed: number }>;
  tokens: Record<string, { input: number; output: number }>;
  rateLimited: Record<string, number>;
  uploadBytes: number;
}

const bump = (counts: Record<string, number>, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** Counts in memory: the fake for unit tests and Gherkin steps, and what a disabled metrics config binds. */
export class MemoryMetrics implements Metrics {
  private readonly counts: MetricsSnapshot = {
    httpRequests: {},
    openStreams: 0,
    providerCalls: {},
    tokens: {},
    rateLimited: {},
    uploadBytes: 0,
  };

  /** Keys: `"<METHOD> <route> <status>"`, providers by name, tokens by `"<provider>/<model>"`. */
  snapshot(): MetricsSnapshot {
    return structuredClone(this.counts);
  }

  httpRequest({ method, route, status }: HttpRequestObservation): void {
    bump(this.counts.httpRequests, `${method} ${route} ${status}`);
  }

  streamOpened(): void {
    this.counts.openStreams += 1;
  }

  streamClosed(): void {
    this.counts.openStreams -= 1;
  }

  providerCall(provider: string, _durationMs: number, ok: boolean): void {
    const calls = (this.counts.providerCalls[provider] ??= { ok: 0, failed: 0 });
    if (ok) calls.ok += 1;
    else calls.failed += 1;
  }

  tokensUsed(provider: string, model: string, inputTokens: number, outputTokens: number): void {
    const tokens = (this.counts.tokens[`${provider}/${model}`] ??= { input: 0, output: 0 });
    tokens.input += Math.max(0, inputTokens);
    tokens.output += Math.max(0, outputTokens);
  }

  rateLimited(scope: string): void {
    bump(this.counts.rateLimited, scope);
  }

  uploadBytes(bytes: number): void {
    this.counts.uploadBytes += Math.max(0, bytes);
  }
}
