import { UnknownProviderError } from '../../domain/ai/errors.js';
import { InvalidInputError } from '../../domain/errors.js';
import type { Clock } from '../../ports/clock.js';
import type { GeneratedImage } from '../../ports/image-generator.js';
import type { ProviderRegistry } from '../../ports/provider-registry.js';
import type { UsageRecorder } from '../../ports/usage-recorder.js';
import { Deadline, effectiveTimeout, type TimeoutSettings } from './deadline.js';
import { retryCall, type Retrying } from './retry.js';
import { UsageMeter } from './usage-meter.js';

export interface GenerateImageInput {
  provider: string;
  prompt: string;
  model?: string;
  n?: number;
  size?: string;
  providerKey?: string;
  userId?: string;
  clientKey?: string;
  signal: AbortSignal;
}

export interface ImageGeneration {
  images: GeneratedImage[];
  /** Unix seconds, as image APIs report it. */
  created: number;
  metadata: { model: string; prompt: string };
}

export interface GenerateImagePorts {
  providers: ProviderRegistry;
  clock: Clock;
  usage: UsageRecorder;
  retrying: Retrying;
  timeouts: TimeoutSettings;
}

/** Images from a provider that can make them, with the same deadline and retries as text. */
export class GenerateImage {
  constructor(private readonly ports: GenerateImagePorts) {}

  async execute(input: GenerateImageInput): Promise<ImageGeneration> {
    const provider = this.ports.providers.get(input.provider);
    if (!provider) throw new UnknownProviderError(input.provider);
    const images = provider.image;
    if (!images) throw new InvalidInputError(`Provider "${provider.name}" cannot generate images`);
    const model = input.model ?? provider.defaultModel;
    if (!model) throw new InvalidInputError(`Provider "${provider.name}" has no defaultModel; name one in request.model`);
    const apiKey = provider.allowClientKey ? input.providerKey : undefined;
    const deadline = new Deadline(input.signal, effectiveTimeout(this.ports.timeouts));
    const meter = new UsageMeter(this.ports.usage, this.ports.clock, { kind: 'image', provider: provider.name, model, userId: input.userId, clientKey: input.clientKey });
    const created = Math.floor(this.ports.clock.now().getTime() / 1000);
    const request = { prompt: input.prompt, model, n: input.n ?? 1, ...(input.size ? { size: input.size } : {}) };
    try {
      const options = { signal: deadline.signal, ...(apiKey ? { apiKey } : {}) };
      const result = await retryCall(() => images.generate(request, options), this.ports.retrying, deadline.signal);
      await meter.completed({ model: result.model });
      return { images: result.images, created, metadata: { model: result.model, prompt: input.prompt } };
    } catch (error) {
      throw await meter.failed(error, deadline, input.signal);
    } finally {
      deadline.dispose();
    }
  }
}
