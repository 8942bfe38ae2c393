import { cpuMsOf } from '../lib/processes.js';
import type { Scenario } from '../lib/scenario.js';
import { round } from '../lib/stats.js';
import { directToProvider, runStreams, startFakeProvider, startGateway, throughGateway } from './gateway.js';

export const relayScenario: Scenario = {
  name: 'relay',
  description: 'deltas per second relayed from an instant fake provider, and gateway CPU per delta',
  async run({ smoke, log }) {
    const tokens = smoke ? 500 : 5000;
    const provider = await startFakeProvider({ FIRST_TOKEN_MS: '0', TOKENS: String(tokens), TOKEN_INTERVAL_MS: '0' });
    const gateway = await startGateway(provider.url);
    try {
      const streams = smoke ? 4 : 40;
      await runStreams(throughGateway(gateway.url), 2, 2);
      let started = performance.now();
      const direct = await runStreams(directToProvider(provider.url), 4, streams);
      const floorRate = direct.reduce((n, t) => n + t.deltas, 0) / ((performance.now() - started) / 1000);
      const cpuBefore = cpuMsOf(gateway.child.pid!);
      started = performance.now();
      const relayed = await runStreams(throughGateway(gateway.url), 4, streams);
      const seconds = (performance.now() - started) / 1000;
      const deltas = relayed.reduce((n, t) => n + t.deltas, 0);
      const cpuMs = cpuMsOf(gateway.child.pid!) - cpuBefore;
      const rate = deltas / seconds;
      log(`relay: ${round(rate, 0)} deltas/s, ${round((cpuMs * 1000) / deltas, 2)} µs CPU per delta`);
      return {
        rows: [
          {
            scenario: 'relay throughput',
            ours: round(rate, 0),
            floor: round(floorRate, 0),
            unit: 'deltas/s',
            ratio: round(rate / floorRate),
            memory: `${round((cpuMs * 1000) / deltas, 2)} µs CPU/delta`,
            target: '≥ 50,000 deltas/s',
            met: rate >= 50_000,
          },
        ],
      };
    } finally {
      await gateway.stop();
      await provider.stop();
    }
  },
};
