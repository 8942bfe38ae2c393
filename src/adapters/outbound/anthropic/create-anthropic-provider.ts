import Anthropic from '@anthropic-ai/sdk';
import { ProviderError } from '../../../domain/ai/errors.js';
import type { ProviderConfig } from '../../../config/ai-schema.js';
import type { ProviderAdapters } from '../../../ports/provider-adapters.js';
import type { AnthropicClient } from './anthropic-client.js';
import { AnthropicTextGenerator } from './anthropic-text-generator.js';

const MAX_CLIENTS = 100;

/** Clients per API key, so a key sent by the client does not rebuild one per request; the oldest goes first past the bound. */
const clientCache = (config: ProviderConfig) => {
  const clients = new Map<string, AnthropicClient>();
  return (apiKey?: string): AnthropicClient => {
    const key = apiKey ?? config.apiKey;
    // Not retryable: without a key every attempt fails the same way.
    if (!key) throw new ProviderError('No API key is configured for this provider', 401);
    let client = clients.get(key);
    if (!client) {
      // Retries belong to the use case (only before the first delta), so the SDK makes none. Its
      // console logging is off: it printed raw provider data to stderr, past the service's logger.
      client = { apiKey: key, sdk: new Anthropic({ apiKey: key, baseURL: config.baseUrl, maxRetries: 0, logLevel: 'off' }) };
      clients.set(key, client);
      if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    }
    return client;
  };
};

/** An `anthropic` provider: text only (Anthropic has no image generation). */
export const createAnthropicProvider = (config: ProviderConfig): ProviderAdapters => ({
  text: new AnthropicTextGenerator(clientCache(config)),
});
