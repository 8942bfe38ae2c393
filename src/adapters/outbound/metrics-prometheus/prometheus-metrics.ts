import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HttpRequestObservation, Metrics, MetricsExposition } from '../../../ports/metrics.js';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const PROVIDER_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

let processRegistry: Registry | undefined;

/**
 * Process metrics (CPU, memory, event-loop lag, GC) describe the process, not
 * an app instance, and each collector starts timers that are never stopped:
 * collect them once per process, in a registry of their own.
 */
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

/**
 * Metrics in the Prometheus text format. Each instance has its own registry
 * (never prom-client's global one), so several app instances in one process
 * (tests, an embedder mounting two) do not collide.
 */
export class PrometheusMetrics implements Metrics, MetricsExposition {
  readonly registry = new Registry();
  private readonly registers = [this.registry];
  private readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: this.registers,
  });
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of the response (streams included), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: this.registers,
  });
  private readonly openStreams = new Gauge({
    name: 'sse_streams_open',
    help: 'Streaming responses currently open',
    registers: this.registers,
  });
  private readonly providerDuration = new Histogram({
    name: 'ai_provider_request_duration_seconds',
    help: 'Latency of calls to AI providers, by provider and outcome',
    labelNames: ['provider', 'outcome'] as const,
    buckets: PROVIDER_BUCKETS,
    registers: this.registers,
  });
  private readonly providerErrors = new Counter({
    name: 'ai_provider_errors_total',
    help: 'Failed calls to AI providers, by provider',
    labelNames: ['provider'] as const,
    registers: this.registers,
  });
  private readonly tokens = new Counter({
    name: 'ai_tokens_total',
    help: 'Tokens reported by AI providers, by provider, model and direction (input or output)',
    labelNames: ['provider', 'model', 'direction'] as const,
    registers: this.registers,
  });
  private readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused by a rate limit, by the key it counted (user, client, ip)',
    labelNames: ['scope'] as const,
    registers: this.registers,
  });
  private readonly uploadedBytes = new Counter({
    name: 'upload_bytes_total',
    help: 'Bytes received by file uploads',
    registers: this.registers,
  });

  constructor(private readonly options: { processMetrics?: boolean } = {}) {}

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    const registry = this.options.processMetrics === false ? this.registry : Registry.merge([this.registry, processMetrics()]);
    return registry.metrics();
  }

  httpRequest({ method, route, status, durationMs }: HttpRequestObservation): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, durationMs / 1000);
  }

  streamOpened(): void {
    this.openStreams.inc();
  }

  streamClosed(): void {
    this.openStreams.dec();
  }

  providerCall(provider: string, durationMs: number, ok: boolean): void {
    this.providerDuration.observe({ provider, outcome: ok ? 'ok' : 'error' }, durationMs / 1000);
    if (!ok) this.providerErrors.inc({ provider });
  }

  tokensUsed(provider: string, model: string, inputTokens: number, outputTokens: number): void {
    if (inputTokens > 0) this.tokens.inc({ provider, model, direction: 'input' }, inputTokens);
    if (outputTokens > 0) this.tokens.inc({ provider, model, direction: 'output' }, outputTokens);
  }

  rateLimited(scope: string): void {
    this.rateLimitRejections.inc({ scope });
  }

  uploadBytes(bytes: number): void {
    if (bytes > 0) this.uploadedBytes.inc(bytes);
  }
}
