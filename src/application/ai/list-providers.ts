import type { ProviderRegistry } from '../../ports/provider-registry.js';

export interface ProviderSummary {
  name: string;
  type: string;
  defaultModel?: string;
  configured: boolean;
}

/** The enabled providers a client may name, without anything secret. */
export class ListProviders {
  constructor(private readonly providers: ProviderRegistry) {}

  execute(): ProviderSummary[] {
    return this.providers.list().map((p) => ({
      name: p.name,
      type: p.type,
      ...(p.defaultModel ? { defaultModel: p.defaultModel } : {}),
      configured: p.configured,
    }));
  }
}
