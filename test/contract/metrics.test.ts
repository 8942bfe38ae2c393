import { MemoryMetrics } from '../../src/adapters/outbound/metrics-memory/memory-metrics.js';
import { PrometheusMetrics } from '../../src/adapters/outbound/metrics-prometheus/prometheus-metrics.js';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.js';
import { metricsContract } from '../../src/testing/contracts/metrics.contract.js';

metricsContract('PrometheusMetrics', () => {
  const metrics = new PrometheusMetrics();
  return {
    metrics,
    async read() {
      const samples = parsePrometheusText(await metrics.render());
      return {
        requests: (method, route, status) => sampleValue(samples, 'http_requests_total', { method, route, status: String(status) }),
        openStreams: sampleValue(samples, 'sse_streams_open'),
        providerCalls: (provider) => ({
          ok: sampleValue(samples, 'ai_provider_request_duration_seconds_count', { provider, outcome: 'ok' }),
          failed: sampleValue(samples, 'ai_provider_errors_total', { provider }),
        }),
        tokens: (provider, model) => ({
          input: sampleValue(samples, 'ai_tokens_total', { provider, model, direction: 'input' }),
          output: sampleValue(samples, 'ai_tokens_total', { provider, model, direction: 'output' }),
        }),
        rateLimited: (scope) => sampleValue(samples, 'rate_limit_rejections_total', { scope }),
        uploadBytes: sampleValue(samples, 'upload_bytes_total'),
      };
    },
  };
});

metricsContract('MemoryMetrics', () => {
  const metrics = new MemoryMetrics();
  return {
    metrics,
    async read() {
      const snapshot = metrics.snapshot();
      return {
        requests: (method, route, status) => snapshot.httpRequests[`${method} ${route} ${status}`] ?? 0,
        openStreams: snapshot.openStreams,
        providerCalls: (provider) => snapshot.providerCalls[provider] ?? { ok: 0, failed: 0 },
        tokens: (provider, model) => snapshot.tokens[`${provider}/${model}`] ?? { input: 0, output: 0 },
        rateLimited: (scope) => snapshot.rateLimited[scope] ?? 0,
        uploadBytes: snapshot.uploadBytes,
      };
    },
  };
});
