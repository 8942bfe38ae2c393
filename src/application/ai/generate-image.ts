import { ProviderTimeoutError, UnknownProviderError } from '../../domain/ai/errors.js';
import { InvalidInputError } from '../../domain/errors.js';
import type { Clock } from '../../ports/clock.js';
import type { GeneratedImage } from '../../ports/image-generator.js';
import type { ProviderRegistry } from '../../ports/provider-registry.js';
import type { UsageRecorder } from '../../ports/usage-recorder.js';
import { Deadline, effectiveTimeout, type TimeoutSettings } from './deadline.js';
import { retryCall, type Retrying } from './retry.js';

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
    const started = this.ports.clock.now();
    const record = (outcome: 'completed' | 'failed' | 'aborted' | 'timeout', usedModel = model) =>
      this.ports.usage.record({
        kind: 'image',
        provider: provider.name,
        model: usedModel,
        durationMs: this.ports.clock.now().getTime() - started.getTime(),
        outcome,
        ...(input.userId ? { userId: input.userId } : {}),
        ...(input.clientKey ? { clientKey: input.clientKey } : {}),
      });
    try {
      const result = await retryCall(
        () =>
          images.generate(
            { prompt: input.prompt, model, n: input.n ?? 1, ...(input.size ? { size: input.size } : {}) },
            { signal: deadline.signal, ...(apiKey ? { apiKey } : {}) },
          ),
        this.ports.retrying,
        deadline.signal,
      );
      await record('completed', result.model);
      return {
        images: result.images,
        created: Math.floor(started.getTime() / 1000),
        metadata: { model: result.model, prompt: input.prompt },
      };
    } catch (error) {
      if (deadline.timedOut) {
        await record('timeout');
        throw new ProviderTimeoutError(deadline.timeoutMs);
      }
      await record(input.signal.aborted ? 'aborted' : 'failed');
      throw error;
    } finally {
      deadline.dispose();
    }
  }
}
