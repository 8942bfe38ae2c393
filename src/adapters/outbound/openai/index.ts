import type { ProviderConfig } from '../../../config/ai-schema.js';
import type { ProviderAdapters } from '../../../ports/provider-adapters.js';
import { openAiClients } from './openai-client.js';
import { OpenAiCompatibleTextGenerator } from './openai-compatible-text-generator.js';
import { OpenAiImageGenerator } from './openai-image-generator.js';
import { OpenAiTextGenerator } from './openai-text-generator.js';

/** Type `openai`: the Responses API for text, the Images API for pictures. */
export const createOpenAiProvider = (config: ProviderConfig): ProviderAdapters => {
  const clients = openAiClients(config);
  return { text: new OpenAiTextGenerator(clients), image: new OpenAiImageGenerator(clients) };
};

/** Type `openai-compatible`: Chat Completions, plus `images/generations` for the servers that offer it. */
export const createOpenAiCompatibleProvider = (config: ProviderConfig): ProviderAdapters => {
  const clients = openAiClients(config);
  return { text: new OpenAiCompatibleTextGenerator(clients), image: new OpenAiImageGenerator(clients) };
};
