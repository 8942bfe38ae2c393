import { createGeminiProvider } from '../../src/adapters/outbound/gemini/create-gemini-provider.js';
import { startFakeGemini } from '../support/fakes/gemini-server.js';
import { textGeneratorContract } from '../../src/testing/contracts/text-generator.contract.js';

textGeneratorContract('GeminiTextGenerator', async () => {
  const upstream = await startFakeGemini();
  const provider = createGeminiProvider({ type: 'gemini', apiKey: 'configured-gemini-key', baseUrl: upstream.baseUrl, enabled: true, allowClientKey: true });
  return {
    generator: provider.text,
    respondWith: upstream.respondWith,
    // Gemini names the model in the URL (`/v1beta/models/{model}:…`), so the path is shown as HTTP/2 would: a `:path` header.
    lastRequest: () => {
      const seen = upstream.lastRequest();
      return { ...seen, headers: { ...seen.headers, ':path': upstream.requests.at(-1)!.url } };
    },
    close: upstream.close,
  };
});
