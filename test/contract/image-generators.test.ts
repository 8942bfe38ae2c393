import { createGeminiProvider } from '../../src/adapters/outbound/gemini/create-gemini-provider.js';
import { createOpenAiCompatibleProvider, createOpenAiProvider } from '../../src/adapters/outbound/openai/index.js';
import type { ProviderConfig } from '../../src/config/ai-schema.js';
import type { ProviderAdapters } from '../../src/ports/provider-adapters.js';
import { imageGeneratorContract, type ImageGeneratorFixture } from '../../src/testing/contracts/image-generator.contract.js';
import { startFakeGemini } from '../support/fakes/gemini-server.js';
import type { FakeUpstream } from '../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../support/fakes/openai-chat-upstream.js';
import { startOpenAiResponsesUpstream } from '../support/fakes/openai-responses-upstream.js';

const openAiFixture = async (start: () => Promise<FakeUpstream>, create: (config: ProviderConfig) => ProviderAdapters, type: string): Promise<ImageGeneratorFixture> => {
  const upstream = await start();
  const { image } = create({ type, apiKey: 'sk-configured-key', baseUrl: `${upstream.url}/v1`, enabled: true, allowClientKey: true });
  return { generator: image!, respondWith: (script) => upstream.respondWith(script), lastRequest: () => upstream.lastRequest(), close: () => upstream.close() };
};

imageGeneratorContract('OpenAiImageGenerator (OpenAI)', () => openAiFixture(startOpenAiResponsesUpstream, createOpenAiProvider, 'openai'));
imageGeneratorContract('OpenAiImageGenerator (OpenAI-compatible)', () =>
  openAiFixture(startOpenAiChatUpstream, createOpenAiCompatibleProvider, 'openai-compatible'),
);

imageGeneratorContract('GeminiImageGenerator', async () => {
  const upstream = await startFakeGemini();
  const { image } = createGeminiProvider({ type: 'gemini', apiKey: 'configured-gemini-key', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
  return {
    generator: image!,
    respondWith: upstream.respondWith,
    lastRequest: () => {
      const seen = upstream.lastRequest();
      return { ...seen, headers: { ...seen.headers, ':path': upstream.requests.at(-1)!.url } };
    },
    close: upstream.close,
  };
});
