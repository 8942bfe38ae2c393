import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import type { AppConfigInput } from '../../../src/config/schema.js';
import { parsePrometheusText, sampleValue, type Sample } from '../../support/prometheus-text.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

describe('GET /metrics', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  const servers: RunningServer[] = [];
  let config: AppConfigInput;

  before(async () => {
    temp = await makeTempDir();
    const root = path.join(temp.dir, 'files');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'a.txt'), 'a');
    config = { ai: {}, files: { sources: { default: { root, baseurl: '/files/default/' } } } };
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close(0)));
    await temp.remove();
  });

  const start = async (input: AppConfigInput = config) => {
    const server = await startTestServer(input);
    servers.push(server);
    return server;
  };
  const hit = async (server: RunningServer, url: string, init?: RequestInit) => (await fetch(`${server.url}${url}`, init)).arrayBuffer();
  const scrape = async (server: RunningServer, at = '/metrics'): Promise<Sample[]> => {
    const response = await fetch(`${server.url}${at}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  };

  it('counts requests by route pattern, file action and status — never by raw URL', async () => {
    const server = await start();
    await hit(server, '/ai/health');
    await hit(server, '/ai/health?x=1');
    await hit(server, '/?action=files&source=default');
    await hit(server, '/?action=noSuchAction', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'files' }) });
    await hit(server, '/?action=noSuchAction');
    await hit(server, '/files/default/a.txt');
    await hit(server, '/probe/wp-admin/123');
    await hit(server, '/probe/.env');
    const samples = await scrape(server);
    const requests = (route: string, status: string, method = 'GET') =>
      sampleValue(samples, 'http_requests_total', { method, route, status });
    assert.equal(requests('/ai/health', '200'), 2);
    assert.equal(requests('/?action=files', '200'), 1);
    assert.equal(requests('/?action=files', '200', 'POST'), 1, "the body's action wins, as in the router");
    assert.equal(requests('/', '400'), 1, 'an unknown action is labelled by the route, not by its name');
    assert.equal(requests('/files/default/*', '200'), 1);
    assert.equal(requests('unmatched', '404'), 2);
    assert.equal(sampleValue(samples, 'http_request_duration_seconds_count', { route: '/ai/health' }), 2);
    const labels = samples.flatMap((sample) => Object.values(sample.labels));
    assert.ok(!labels.some((value) => /probe|noSuchAction|a\.txt|x=1/.test(value)), 'no raw URL part became a label value');
  });

  it('declares the stream, provider, token, rate-limit and upload metrics, and process metrics', async () => {
    const server = await start();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    for (const name of [
      'sse_streams_open',
      'ai_provider_request_duration_seconds',
      'ai_provider_errors_total',
      'ai_tokens_total',
      'rate_limit_rejections_total',
      'upload_bytes_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      assert.match(text, new RegExp(`^# TYPE ${name} `, 'm'), name);
    }
  });

  it('keeps two app instances in one process apart', async () => {
    const first = await start();
    const second = await start();
    await hit(first, '/ai/health');
    await hit(first, '/ai/health');
    await hit(first, '/ai/health');
    assert.equal(sampleValue(await scrape(first), 'http_requests_total', { route: '/ai/health' }), 3);
    assert.equal(sampleValue(await scrape(second), 'http_requests_total', { route: '/ai/health' }), 0);
  });

  it('serves at the configured path, and not at all when disabled', async () => {
    const moved = await start({ ...config, metrics: { path: '/internal/metrics' } });
    await scrape(moved, '/internal/metrics');
    assert.equal((await fetch(`${moved.url}/metrics`)).status, 404);
    const off = await start({ ...config, metrics: { enabled: false } });
    assert.equal((await fetch(`${off.url}/metrics`)).status, 404);
  });
});
