import type { GoogleGenAI } from '@google/genai';
import type { GeneratedImage, ImageGenerator, ImageRequest, ImageResult } from '../../../ports/image-generator.js';
import type { GenerationOptions } from '../../../ports/text-generator.js';
import { toProviderError } from './gemini-errors.js';

const ASPECT_RATIOS = new Set(['1:1', '3:4', '4:3', '9:16', '16:9']);

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Imagen takes an aspect ratio, not a size: `1024x1792` → `9:16`; a size with no Imagen ratio is left to the default. */
export const toAspectRatio = (size: string | undefined): string | undefined => {
  const match = size?.match(/^(\d+)x(\d+)$/);
  if (!match) return undefined;
  const [width, height] = [Number(match[1]), Number(match[2])];
  const divisor = gcd(width, height);
  const ratio = divisor > 0 ? `${width / divisor}:${height / divisor}` : '';
  if (ASPECT_RATIOS.has(ratio)) return ratio;
  return width * 16 === height * 9 ? '9:16' : width * 9 === height * 16 ? '16:9' : undefined;
};

/** `ImageGenerator` over Imagen (`models.generateImages`, the `:predict` endpoint), returning base64 images. */
export class GeminiImageGenerator implements ImageGenerator {
  constructor(private readonly clientFor: (apiKey?: string) => GoogleGenAI) {}

  async generate(request: ImageRequest, options: GenerationOptions): Promise<ImageResult> {
    try {
      const response = await this.clientFor(options.apiKey).models.generateImages({
        model: request.model,
        prompt: request.prompt,
        config: { abortSignal: options.signal, numberOfImages: request.n, aspectRatio: toAspectRatio(request.size) },
      });
      const images: GeneratedImage[] = (response.generatedImages ?? []).flatMap((generated) =>
        generated.image?.imageBytes ? [{ b64_json: generated.image.imageBytes }] : [],
      );
      return { images, model: request.model };
    } catch (error) {
      throw toProviderError(error, options.signal);
    }
  }
}
