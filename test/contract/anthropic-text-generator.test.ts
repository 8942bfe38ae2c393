import { createAnthropicProvider } from '../../src/adapters/outbound/anthropic/create-anthropic-provider.js';
import { startFakeAnthropic } from '../support/fakes/anthropic-server.js';
import { textGeneratorContract } from '../../src/testing/contracts/text-generator.contract.js';

textGeneratorContract('AnthropicTextGenerator', async () => {
  const upstream = await startFakeAnthropic();
  const provider = createAnthropicProvider({ type: 'anthropic', apiKey: 'configured-anthropic-key', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
  return { generator: provider.text, respondWith: upstream.respondWith, lastRequest: upstream.lastRequest, close: upstream.close };
});
