/** One finished HTTP request, labelled by its route pattern (never the raw URL, so label values stay few). */
export interface HttpRequestObservation {
  method: string;
  /** An express route pattern (`/ai/health`), `/?action=<name>` for the file connector, or `unmatched`. */
  route: string;
  status: number;
  durationMs: number;
}

/**
 * What the service counts for operators. Every method is cheap and never
 * throws, so callers record without guarding; label values come from
 * configuration (provider names, models asked for) or small fixed sets.
 */
export interface Metrics {
  httpRequest(observation: HttpRequestObservation): void;
  /** An SSE (or WebSocket) stream started sending; pair with `streamClosed` however it ends. */
  streamOpened(): void;
  streamClosed(): void;
  /** One call to an AI provider, successful or not, with its latency. */
  providerCall(provider: string, durationMs: number, ok: boolean): void;
  tokensUsed(provider: string, model: string, inputTokens: number, outputTokens: number): void;
  /** A request refused by a rate limit; `scope` is e.g. `user`, `client` or `ip`. */
  rateLimited(scope: string): void;
  /** Bytes written by an upload (local or remote). */
  uploadBytes(bytes: number): void;
}

/** What a scraper reads: the current values in a text exposition format. */
export interface MetricsExposition {
  readonly contentType: string;
  render(): Promise<string>;
}
