import { GoogleGenAI } from '@google/genai';
import { ProviderError } from '../../../domain/ai/errors.js';
import type { ProviderConfig } from '../../../config/ai-schema.js';
import type { ProviderAdapters } from '../../../ports/provider-adapters.js';
import type { GoogleGenAIClient } from './gemini-client.js';
import { GeminiImageGenerator } from './gemini-image-generator.js';
import { GeminiTextGenerator } from './gemini-text-generator.js';

const MAX_CLIENTS = 100;

/** Clients per API key, so a key sent by the client does not rebuild one per request; the oldest goes first past the bound. */
const clientCache = (config: ProviderConfig) => {
  const clients = new Map<string, GoogleGenAIClient>();
  return (apiKey?: string): GoogleGenAIClient => {
    const key = apiKey ?? config.apiKey;
    // Not retryable: without a key every attempt fails the same way.
    if (!key) throw new ProviderError('No API key is configured for this provider', 401);
    let client = clients.get(key);
    if (!client) {
      client = { apiKey: key, sdk: new GoogleGenAI({
        apiKey: key,
        // `baseUrl` is the bare host; the SDK adds `/v1beta/models/…`. Retries belong to the use case.
        httpOptions: { baseUrl: config.baseUrl, retryOptions: { attempts: 1 } },
      }) };
      clients.set(key, client);
      if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    }
    return client;
  };
};

/** A `gemini` provider: text through `streamGenerateContent`, images through Gemini image output. */
export const createGeminiProvider = (config: ProviderConfig): ProviderAdapters => {
  const clientFor = clientCache(config);
  return { text: new GeminiTextGenerator(clientFor), image: new GeminiImageGenerator(clientFor) };
};
