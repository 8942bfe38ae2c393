import OpenAI from 'openai';
import type { ProviderConfig } from '../../../config/ai-schema.js';
import { ProviderError } from '../../../domain/ai/errors.js';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface ClientWithKey {
  client: OpenAI;
  /** The key the client sends, so error text can be scrubbed of it. */
  apiKey: string;
}

/**
 * SDK clients for one provider: the configured key's client is made once, a
 * client's own key gets a client per request. The SDK never retries (the use
 * case does) and reads nothing from the environment.
 */
export const openAiClients = (config: ProviderConfig): ((apiKey?: string) => ClientWithKey) => {
  const make = (apiKey: string) =>
    new OpenAI({
      apiKey,
      baseURL: config.baseUrl ?? OPENAI_BASE_URL,
      organization: null,
      project: null,
      maxRetries: 0,
      // The use case's deadline aborts the call; the SDK's own timeout must never fire first.
      timeout: 24 * 60 * 60 * 1000,
      logLevel: 'off',
    });
  const configured = config.apiKey ? make(config.apiKey) : undefined;
  return (apiKey) => {
    if (apiKey && apiKey !== config.apiKey) return { client: make(apiKey), apiKey };
    if (!configured || !config.apiKey) throw new ProviderError('No API key is configured for this provider', 401);
    return { client: configured, apiKey: config.apiKey };
  };
};
