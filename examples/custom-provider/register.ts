/**
 * Importing this module adds the `ollama` provider type, so any config may say
 * `{"type": "ollama", …}`: import it before building a host, or hand it to the
 * command line (`editor-backend --import ./examples/custom-provider/register.ts …`).
 */
import { registerProviderType } from 'editor-backend';
import { createOllamaProvider } from './ollama-provider.js';

registerProviderType('ollama', createOllamaProvider);
