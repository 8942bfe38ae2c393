import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAnthropicProvider } from '../../src/adapters/outbound/anthropic/create-anthropic-provider.js';
import { createGeminiProvider } from '../../src/adapters/outbound/gemini/create-gemini-provider.js';
import { ProviderError } from '../../src/domain/ai/errors.js';
import type { ProviderConfig } from '../../src/config/ai-schema.js';
import type { ProviderAdapters } from '../../src/ports/provider-adapters.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fakes/scripted-upstream.js';
import { startFakeAnthropic } from '../support/fakes/anthropic-server.js';
import { startFakeGemini } from '../support/fakes/gemini-server.js';

const factories: [string, (config: ProviderConfig) => ProviderAdapters, ProviderConfig['type'], () => Promise<FakeUpstream>][] = [
  ['gemini', createGeminiProvider, 'gemini', startFakeGemini],
  ['anthropic', createAnthropicProvider, 'anthropic', startFakeAnthropic],
];

/** A loopback port with nothing listening: the fake is started and closed again. */
const closedPort = async (): Promise<string> => {
  const upstream = await startFakeUpstream((_req, res) => res.end());
  await upstream.close();
  return upstream.baseUrl;
};

const firstPart = (provider: ProviderAdapters, apiKey?: string) =>
  provider.text.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [] }, { signal: new AbortController().signal, apiKey })[Symbol.asyncIterator]().next();

for (const [name, create, type, startFake] of factories) {
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

    it('keeps the key out of error messages, even when the provider echoes it', async () => {
      const upstream = await startFake();
      try {
        const provider = create({ type, apiKey: 'configured-key-123', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
        upstream.respondWith({ kind: 'http-error', status: 400, message: 'Invalid parameter for key client-key-456' });
        await assert.rejects(firstPart(provider, 'client-key-456'), (error: unknown) => {
          assert.ok(error instanceof ProviderError);
          assert.equal(error.message, 'The provider answered 400: Invalid parameter for key [redacted]');
          return true;
        });
        upstream.respondWith({ kind: 'http-error', status: 401, message: 'bad key configured-key-123' });
        await assert.rejects(firstPart(provider), (error: unknown) => {
          assert.ok(error instanceof ProviderError);
          assert.equal(error.message, 'The provider refused the credentials (401)');
          assert.equal(error.retryable, false);
          return true;
        });
      } finally {
        await upstream.close();
      }
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
