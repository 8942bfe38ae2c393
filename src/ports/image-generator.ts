import type { GenerationOptions } from './text-generator.js';

export interface ImageRequest {
  prompt: string;
  model: string;
  n: number;
  size?: string;
}

export type GeneratedImage = { b64_json: string } | { url: string };

export interface ImageResult {
  images: GeneratedImage[];
  model: string;
}

/** Image generation by one configured provider; throws `ProviderError` like `TextGenerator`. */
export interface ImageGenerator {
  generate(request: ImageRequest, options: GenerationOptions): Promise<ImageResult>;
}
