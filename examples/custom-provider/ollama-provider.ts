import type { ProviderAdapters, ProviderConfig } from 'editor-backend';
import { OllamaTextGenerator, type OllamaSettings } from './ollama-text-generator.js';

const DEFAULT_BASE_URL = 'http://127.0.0.1:11434';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `options` of the provider's config entry: `keepAlive` and `parameters` (Ollama's model `options`). */
const readOptions = (options: Record<string, unknown> = {}): Pick<OllamaSettings, 'keepAlive' | 'parameters'> => {
  const { keepAlive, parameters, ...unknown } = options;
  const problems = [
    ...Object.keys(unknown).map((key) => `unknown option "${key}" (known: keepAlive, parameters)`),
    ...(keepAlive === undefined || typeof keepAlive === 'string' || typeof keepAlive === 'number' ? [] : ['keepAlive must be a duration string ("5m") or a number of seconds']),
    ...(parameters === undefined || isRecord(parameters) ? [] : ['parameters must be an object of Ollama model options ({"num_ctx": 8192})']),
  ];
  if (problems.length) throw new Error(`ollama provider options: ${problems.join('; ')}`);
  return { ...(keepAlive === undefined ? {} : { keepAlive: keepAlive as string | number }), ...(isRecord(parameters) ? { parameters } : {}) };
};

/**
 * The factory `registerProviderType('ollama', …)` takes: a config entry
 * `{type: 'ollama', baseUrl?, apiKey?, defaultModel, options?: {keepAlive, parameters}}`
 * becomes the provider's adapters. Ollama makes no images, so there is no `image`.
 */
export const createOllamaProvider = (config: ProviderConfig): ProviderAdapters => ({
  text: new OllamaTextGenerator({
    baseUrl: config.baseUrl ?? DEFAULT_BASE_URL,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...readOptions(config.options),
  }),
});
