import { createAnthropicProvider } from '../adapters/outbound/anthropic/create-anthropic-provider.js';
import { createGeminiProvider } from '../adapters/outbound/gemini/create-gemini-provider.js';
import { createOpenAiCompatibleProvider, createOpenAiProvider } from '../adapters/outbound/openai/index.js';
import type { ProviderConfig } from '../config/ai-schema.js';
import type { ProviderAdapters } from '../ports/provider-adapters.js';

/** Makes a provider's adapters from its config entry. */
export type ProviderFactory = (config: ProviderConfig) => ProviderAdapters;

const factories = new Map<string, ProviderFactory>();

/** Adds (or replaces) the adapters for a provider type; embedders call this before building the host. */
export const registerProviderType = (type: string, factory: ProviderFactory): void => {
  factories.set(type, factory);
};

export const providerFactory = (type: string): ProviderFactory | undefined => factories.get(type);

export const registeredProviderTypes = (): string[] => [...factories.keys()];

registerProviderType('openai', createOpenAiProvider);
registerProviderType('openai-compatible', createOpenAiCompatibleProvider);
registerProviderType('gemini', createGeminiProvider);
registerProviderType('anthropic', createAnthropicProvider);
