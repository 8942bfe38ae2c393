import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAnthropicProvider } from '../../src/adapters/outbound/anthropic/create-anthropic-provider.js';
import { createGeminiProvider } from '../../src/adapters/outbound/gemini/create-gemini-provider.js';
import { ProviderError } from '../../src/domain/ai/errors.js';
import type { ProviderConfig } from '../../src/config/ai-schema.js';
import type { ProviderAdapters } from '../../src/ports/provider-adapters.js';
import { startFakeUpstream } from '../support/fakes/scripted-upstream.js';

const factories: [string, (config: ProviderConfig) => ProviderAdapters, ProviderConfig['type']][] = [
  ['gemini', createGeminiProvider, 'gemini'],
  ['anthropic', createAnthropicProvider, 'anthropic'],
];

/** A loopback port with nothing listening: the fake is started and closed again. */
const closedPort = async (): Promise<string> => {
  const upstream = await startFakeUpstream((_req, res) => res.end());
  await upstream.close();
  return upstream.baseUrl;
};

const firstPart = (provider: ProviderAdapters, apiKey?: string) =>
  provider.text.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [] }, { signal: new AbortController().signal, apiKey })[Symbol.asyncIterator]().next();

for (const [name, create, type] of factories) {
  describe(`${name} provider failures outside the protocol`, () => {
    it('refuses to call without any key, as a non-retryable 401', async () => {
      const provider = create({ type, baseUrl: await closedPort(), enabled: true, allowClientKey: true });
      await assert.rejects(firstPart(provider), (error: unknown) => {
        assert.ok(error instanceof ProviderError);
        assert.equal(error.status, 401);
        assert.equal(error.retryable, false);
        return true;
      });
    });

    it('reports an unreachable upstream as a retryable ProviderError without a status', async () => {
      const provider = create({ type, apiKey: 'k', baseUrl: await closedPort(), enabled: true, allowClientKey: true });
      await assert.rejects(firstPart(provider), (error: unknown) => {
        assert.ok(error instanceof ProviderError, String(error));
        assert.equal(error.status, undefined);
        assert.equal(error.retryable, true);
        return true;
      });
    });
  });
}
