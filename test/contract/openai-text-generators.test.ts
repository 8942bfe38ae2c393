import { createOpenAiCompatibleProvider, createOpenAiProvider } from '../../src/adapters/outbound/openai/index.js';
import type { ProviderConfig } from '../../src/config/ai-schema.js';
import type { FakeUpstream } from '../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../support/fakes/openai-chat-upstream.js';
import { startOpenAiResponsesUpstream } from '../support/fakes/openai-responses-upstream.js';
import { textGeneratorContract, type TextGeneratorFixture } from '../../src/testing/contracts/text-generator.contract.js';

const fixture = async (start: () => Promise<FakeUpstream>, create: (config: ProviderConfig) => { text: TextGeneratorFixture['generator'] }, type: ProviderConfig['type']): Promise<TextGeneratorFixture> => {
  const upstream = await start();
  const { text } = create({ type, apiKey: 'sk-configured-key', baseUrl: `${upstream.url}/v1`, enabled: true, allowClientKey: true });
  return {
    generator: text,
    respondWith: (script) => upstream.respondWith(script),
    lastRequest: () => upstream.lastRequest(),
    close: () => upstream.close(),
  };
};

textGeneratorContract('OpenAiTextGenerator (Responses API)', () => fixture(startOpenAiResponsesUpstream, createOpenAiProvider, 'openai'));
textGeneratorContract('OpenAiCompatibleTextGenerator (Chat Completions)', () =>
  fixture(startOpenAiChatUpstream, createOpenAiCompatibleProvider, 'openai-compatible'),
);
