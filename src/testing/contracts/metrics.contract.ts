import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Metrics } from '../../ports/metrics.js';

/** What every Metrics adapter must let a reader see after recording, in the same units. */
export interface MetricsReading {
  requests(method: string, route: string, status: number): number;
  openStreams: number;
  providerCalls(provider: string): { ok: number; failed: number };
  tokens(provider: string, model: string): { input: number; output: number };
  rateLimited(scope: string): number;
  uploadBytes: number;
}

export interface MetricsFixture {
  metrics: Metrics;
  read(): Promise<MetricsReading>;
}

export const metricsContract = (name: string, makeFixture: () => MetricsFixture): void => {
  describe(`Metrics contract: ${name}`, () => {
    it('counts HTTP requests by method, route and status', async () => {
      const { metrics, read } = makeFixture();
      metrics.httpRequest({ method: 'GET', route: '/ai/health', status: 200, durationMs: 3 });
      metrics.httpRequest({ method: 'GET', route: '/ai/health', status: 200, durationMs: 5 });
      metrics.httpRequest({ method: 'POST', route: '/?action=fileUpload', status: 413, durationMs: 12 });
      const reading = await read();
      assert.equal(reading.requests('GET', '/ai/health', 200), 2);
      assert.equal(reading.requests('POST', '/?action=fileUpload', 413), 1);
      assert.equal(reading.requests('GET', '/?action=files', 200), 0);
    });

    it('follows open streams up and down', async () => {
      const { metrics, read } = makeFixture();
      metrics.streamOpened();
      metrics.streamOpened();
      metrics.streamOpened();
      metrics.streamClosed();
      assert.equal((await read()).openStreams, 2);
    });

    it('counts provider calls and failures per provider', async () => {
      const { metrics, read } = makeFixture();
      metrics.providerCall('openai', 120, true);
      metrics.providerCall('openai', 900, false);
      metrics.providerCall('gemini', 80, true);
      const reading = await read();
      assert.deepEqual(reading.providerCalls('openai'), { ok: 1, failed: 1 });
      assert.deepEqual(reading.providerCalls('gemini'), { ok: 1, failed: 0 });
    });

    it('adds tokens by provider and model, input and output apart', async () => {
      const { metrics, read } = makeFixture();
      metrics.tokensUsed('openai', 'gpt-4.1-mini', 10, 25);
      metrics.tokensUsed('openai', 'gpt-4.1-mini', 5, 0);
      metrics.tokensUsed('anthropic', 'claude-sonnet-4-5', 7, 3);
      const reading = await read();
      assert.deepEqual(reading.tokens('openai', 'gpt-4.1-mini'), { input: 15, output: 25 });
      assert.deepEqual(reading.tokens('anthropic', 'claude-sonnet-4-5'), { input: 7, output: 3 });
    });

    it('counts rate-limit rejections by scope and upload bytes', async () => {
      const { metrics, read } = makeFixture();
      metrics.rateLimited('ip');
      metrics.rateLimited('ip');
      metrics.rateLimited('user');
      metrics.uploadBytes(1000);
      metrics.uploadBytes(24);
      const reading = await read();
      assert.equal(reading.rateLimited('ip'), 2);
      assert.equal(reading.rateLimited('user'), 1);
      assert.equal(reading.uploadBytes, 1024);
    });

    it('keeps each instance apart', async () => {
      const first = makeFixture();
      const second = makeFixture();
      first.metrics.uploadBytes(10);
      assert.equal((await first.read()).uploadBytes, 10);
      assert.equal((await second.read()).uploadBytes, 0);
    });
  });
};
