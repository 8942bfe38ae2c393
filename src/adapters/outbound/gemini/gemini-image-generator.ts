import type { GeneratedImage, ImageGenerator, ImageRequest, ImageResult } from '../../../ports/image-generator.js';
import type { GenerationOptions } from '../../../ports/text-generator.js';
import type { ClientFor, GoogleGenAIClient } from './gemini-client.js';
import { toProviderError } from './gemini-errors.js';

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'];

const ratioOf = (ratio: string): number => {
  const [width, height] = ratio.split(':').map(Number);
  return width! / height!;
};

/** Gemini takes an aspect ratio, not a size: `1792x1024` → the nearest one it has, `16:9`. */
export const toAspectRatio = (size: string | undefined): string | undefined => {
  const match = size?.match(/^(\d+)x(\d+)$/);
  if (!match || Number(match[1]) === 0 || Number(match[2]) === 0) return undefined;
  const wanted = Number(match[1]) / Number(match[2]);
  const distance = (ratio: string) => Math.abs(Math.log(ratioOf(ratio) / wanted));
  return ASPECT_RATIOS.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
};

/**
 * `ImageGenerator` over Gemini's native image output (`generateContent` with
 * `responseModalities: ["IMAGE"]`, e.g. `gemini-2.5-flash-image`), returning
 * base64 images. The SDK serves Imagen's `generateImages` on Vertex AI only,
 * so it is not used. One call yields one image: `n` images are `n` calls.
 */
export class GeminiImageGenerator implements ImageGenerator {
  constructor(private readonly clientFor: ClientFor) {}

  async generate(request: ImageRequest, options: GenerationOptions): Promise<ImageResult> {
    let apiKey = '';
    try {
      const client = this.clientFor(options.apiKey);
      apiKey = client.apiKey;
      const batches = await Promise.all(Array.from({ length: request.n }, () => this.generateOne(client, request, options.signal)));
      return { images: batches.flat(), model: request.model };
    } catch (error) {
      throw toProviderError(error, options.signal, apiKey);
    }
  }

  private async generateOne(client: GoogleGenAIClient, request: ImageRequest, abortSignal: AbortSignal): Promise<GeneratedImage[]> {
    const response = await client.sdk.models.generateContent({
      model: request.model,
      contents: request.prompt,
      config: { abortSignal, responseModalities: ['IMAGE'], imageConfig: { aspectRatio: toAspectRatio(request.size) } },
    });
    const parts = response.candidates?.[0]?.content?.parts ?? [];
    return parts.flatMap((part) => (part.inlineData?.data ? [{ b64_json: part.inlineData.data }] : []));
  }
}
