import type { ProviderAdapters } from './provider-adapters.js';

/** One enabled provider as the use cases see it: its settings and its adapters. */
export interface Provider extends ProviderAdapters {
  name: string;
  type: string;
  defaultModel?: string;
  /** A key is configured on the server (otherwise the client must send one). */
  configured: boolean;
  /** Whether a client may send its own provider key (`X-Provider-Key`). */
  allowClientKey: boolean;
}

/** The enabled providers, by the name the client asks for. Disabled ones are absent. */
export interface ProviderRegistry {
  get(name: string): Provider | undefined;
  list(): readonly Provider[];
}
