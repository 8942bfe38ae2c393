import { z } from 'zod';
import type { GeneratedImage, ImageGenerator, ImageRequest, ImageResult } from '../../../ports/image-generator.js';
import type { GenerationOptions } from '../../../ports/text-generator.js';
import type { ClientWithKey } from './openai-client.js';
import { toProviderError } from './provider-errors.js';

const imagesSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() })).default([]),
});

/** The Images API (`images.generate`): base64 or URL results, as the model returns them. */
export class OpenAiImageGenerator implements ImageGenerator {
  constructor(private readonly clients: (apiKey?: string) => ClientWithKey) {}

  async generate(request: ImageRequest, options: GenerationOptions): Promise<ImageResult> {
    const { client, apiKey } = this.clients(options.apiKey);
    try {
      const answer = await client.images.generate(
        { model: request.model, prompt: request.prompt, n: request.n, ...(request.size ? { size: request.size as '1024x1024' } : {}) },
        { signal: options.signal },
      );
      const images = imagesSchema
        .parse(answer)
        .data.map((image): GeneratedImage | undefined => (image.b64_json ? { b64_json: image.b64_json } : image.url ? { url: image.url } : undefined))
        .filter((image): image is GeneratedImage => image !== undefined);
      return { images, model: request.model };
    } catch (error) {
      throw toProviderError(error, options.signal, apiKey);
    }
  }
}
