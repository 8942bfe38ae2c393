import { MemoryConversationStore } from '../../src/adapters/outbound/conversations/memory-conversation-store.js';
import type { AiOverrides } from '../../src/composition/ai-module.js';
import type { AiConfig } from '../../src/config/ai-schema.js';
import type { Provider } from '../../src/ports/provider-registry.js';
import type { UsageRecord } from '../../src/ports/usage-recorder.js';
import { FakeImageGenerator } from '../../test/support/fakes/fake-image-generator.js';
import { FakeTextGenerator } from '../../test/support/fakes/fake-text-generator.js';

type AiConfigInput = Partial<Omit<AiConfig, 'providers'>>;

/**
 * The AI side of a scenario: fake providers, a memory conversation store,
 * a sleeper that only notes how long it was asked to wait, and the usage
 * records the use cases report.
 */
export class AiScenario {
  readonly providers = new Map<string, Provider & { text: FakeTextGenerator; image?: FakeImageGenerator }>();
  readonly usage: UsageRecord[] = [];
  readonly waits: number[] = [];
  config: AiConfigInput = { retry: { maxRetries: 2, initialDelayMs: 100, maxDelayMs: 5_000 } };
  verifier?: (apiKey: string) => string | null;
  private ids = 0;

  addProvider(name: string, options: { defaultModel?: string; keepsHistory?: boolean; images?: boolean; allowClientKey?: boolean } = {}): void {
    this.providers.set(name, {
      name,
      type: 'fake',
      configured: true,
      allowClientKey: options.allowClientKey ?? true,
      ...(options.defaultModel ? { defaultModel: options.defaultModel } : {}),
      text: new FakeTextGenerator(options.keepsHistory ?? false),
      ...(options.images ? { image: new FakeImageGenerator() } : {}),
    });
  }

  provider(name: string) {
    const provider = this.providers.get(name);
    if (!provider) throw new Error(`no provider ${name} in this scenario`);
    return provider;
  }

  overrides(): AiOverrides {
    const verifier = this.verifier;
    return {
      providers: { get: (name) => this.providers.get(name), list: () => [...this.providers.values()] },
      conversationStore: new MemoryConversationStore(3_600, { now: () => new Date() }),
      usageRecorder: { record: (entry) => void this.usage.push(entry) },
      idGenerator: { next: () => `id-${++this.ids}` },
      sleeper: {
        sleep: async (ms, signal) => {
          signal.throwIfAborted();
          this.waits.push(ms);
        },
      },
      ...(verifier ? { clientVerifier: { verify: async ({ apiKey }) => verifier(apiKey) } } : {}),
    };
  }
}
