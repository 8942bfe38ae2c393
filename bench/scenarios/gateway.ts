import path from 'node:path';
import { spawnListening, spawnServer, sampleRss, type Spawned } from '../lib/processes.js';
import type { Chart, Row } from '../lib/report.js';
import type { Scenario } from '../lib/scenario.js';
import { CLIENT_KEY } from '../lib/scenario.js';
import { timeStream, type StreamTiming } from '../lib/sse-client.js';
import { percentile, round } from '../lib/stats.js';

const FAKE = path.resolve('bench/fake-provider.ts');

export const startFakeProvider = (env: Record<string, string>): Promise<Spawned> => spawnListening(FAKE, [], env);

export const startGateway = (providerUrl: string): Promise<Spawned> =>
  spawnServer({
    ai: {
      providers: { bench: { type: 'openai-compatible', baseUrl: `${providerUrl}/v1`, apiKey: 'bench-provider-key', defaultModel: 'bench-model' } },
      rateLimit: { backend: 'memory', max: 1_000_000_000, windowMs: 60_000 },
      retry: { maxRetries: 0 },
      maxRequestTimeoutMs: 600_000,
    },
  });

const CONTEXT = { mode: 'full', messages: [{ id: 'm1', role: 'user', content: 'Write two hundred tokens.', timestamp: 1 }] };

export const throughGateway = (gatewayUrl: string) => () =>
  timeStream(`${gatewayUrl}/ai/request`, { provider: 'bench', context: CONTEXT }, { authorization: `Bearer ${CLIENT_KEY}` }, (data) =>
    data.includes('"type":"text-delta"'),
  );

export const directToProvider = (providerUrl: string) => () =>
  timeStream(
    `${providerUrl}/v1/chat/completions`,
    { model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'Write two hundred tokens.' }] },
    { authorization: 'Bearer bench-provider-key' },
    (data) => data.includes('"content":"tok'),
  );

/** Runs `total` streams with at most `concurrency` open at once. */
export const runStreams = async (open: () => Promise<StreamTiming>, concurrency: number, total: number): Promise<StreamTiming[]> => {
  const results: StreamTiming[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      results.push(await open());
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return results;
};

export const gatewayScenario: Scenario = {
  name: 'gateway',
  description: 'time to first text-delta and to completed through /ai/request vs reading the fake provider directly',
  async run({ smoke, log }) {
    const provider = await startFakeProvider({ FIRST_TOKEN_MS: '20', TOKENS: smoke ? '20' : '200', TOKEN_INTERVAL_MS: '1' });
    const gateway = await startGateway(provider.url);
    const levels = smoke ? [1, 10] : process.env.BENCH_LEVELS ? process.env.BENCH_LEVELS.split(',').map(Number) : [1, 50, 200, 1000];
    const rows: Row[] = [];
    const chartSeries = { oursP50: [], floorP50: [], oursP99: [], floorP99: [] } as Record<string, { x: number; y: number }[]>;
    try {
      await runStreams(throughGateway(gateway.url), 4, 8); // warm both paths: connections, JIT
      await runStreams(directToProvider(provider.url), 4, 8);
      for (const concurrency of levels) {
        const total = smoke ? concurrency * 2 : Math.max(concurrency * 2, 60);
        const floor = await runStreams(directToProvider(provider.url), concurrency, total);
        const rss = sampleRss(gateway.child.pid!);
        const ours = await runStreams(throughGateway(gateway.url), concurrency, total);
        const peakRss = rss.stop();
        const stat = (list: StreamTiming[], key: keyof StreamTiming, p: number) => percentile(list.map((t) => t[key]), p);
        const added50 = stat(ours, 'firstDeltaMs', 50) - stat(floor, 'firstDeltaMs', 50);
        const added99 = stat(ours, 'firstDeltaMs', 99) - stat(floor, 'firstDeltaMs', 99);
        log(`gateway c=${concurrency}: first delta p50 ${round(stat(ours, 'firstDeltaMs', 50))} ms vs ${round(stat(floor, 'firstDeltaMs', 50))} ms`);
        const targeted = concurrency === 200;
        rows.push({
          scenario: `gateway TTFT, ${concurrency} streams`,
          ours: round(stat(ours, 'firstDeltaMs', 50)),
          floor: round(stat(floor, 'firstDeltaMs', 50)),
          unit: 'ms p50',
          ratio: round(stat(ours, 'firstDeltaMs', 50) / stat(floor, 'firstDeltaMs', 50)),
          p50: `+${round(added50)} ms`,
          p99: `+${round(added99)} ms`,
          memory: `${round(peakRss / 1048576, 1)} MB RSS`,
          ...(targeted ? { target: 'added p50 ≤ 1 ms, p99 ≤ 5 ms', met: added50 <= 1 && added99 <= 5 } : {}),
          ...(concurrency === 1000 ? { target: 'RSS ≤ 150 MB', met: peakRss <= 150 * 1048576 } : {}),
        });
        rows.push({
          scenario: `gateway completed, ${concurrency} streams`,
          ours: round(stat(ours, 'completedMs', 50)),
          floor: round(stat(floor, 'completedMs', 50)),
          unit: 'ms p50',
          ratio: round(stat(ours, 'completedMs', 50) / stat(floor, 'completedMs', 50)),
          p50: `+${round(stat(ours, 'completedMs', 50) - stat(floor, 'completedMs', 50))} ms`,
          p99: `+${round(stat(ours, 'completedMs', 99) - stat(floor, 'completedMs', 99))} ms`,
        });
        chartSeries.oursP50!.push({ x: concurrency, y: stat(ours, 'firstDeltaMs', 50) });
        chartSeries.floorP50!.push({ x: concurrency, y: stat(floor, 'firstDeltaMs', 50) });
        chartSeries.oursP99!.push({ x: concurrency, y: stat(ours, 'firstDeltaMs', 99) });
        chartSeries.floorP99!.push({ x: concurrency, y: stat(floor, 'firstDeltaMs', 99) });
      }
    } finally {
      await gateway.stop();
      await provider.stop();
    }
    const chart: Chart = {
      file: 'gateway-ttft.svg',
      title: 'Time to first token vs concurrent streams',
      xLabel: 'concurrent streams',
      yLabel: 'ms',
      series: [
        { name: 'gateway p50', points: chartSeries.oursP50! },
        { name: 'direct p50', points: chartSeries.floorP50! },
        { name: 'gateway p99', points: chartSeries.oursP99! },
        { name: 'direct p99', points: chartSeries.floorP99! },
      ],
    };
    return { rows, charts: [chart] };
  },
};
