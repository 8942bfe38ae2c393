import { ProviderError } from '../../../src/domain/ai/errors.js';
import type { ImageGenerator, ImageRequest, ImageResult } from '../../../src/ports/image-generator.js';
import type { GenerationOptions } from '../../../src/ports/text-generator.js';

/** A hand-written `ImageGenerator`: fails with the queued statuses first, then makes `n` tiny images. */
export class FakeImageGenerator implements ImageGenerator {
  readonly calls: Array<{ request: ImageRequest; apiKey?: string }> = [];
  failures: number[] = [];

  async generate(request: ImageRequest, options: GenerationOptions): Promise<ImageResult> {
    this.calls.push({ request, ...(options.apiKey ? { apiKey: options.apiKey } : {}) });
    options.signal.throwIfAborted();
    const status = this.failures.shift();
    if (status !== undefined) throw new ProviderError(`The provider answered ${status}`, status);
    const images = Array.from({ length: request.n }, (_, i) => ({ b64_json: Buffer.from(`${request.prompt} #${i + 1}`).toString('base64') }));
    return { images, model: request.model };
  }
}
