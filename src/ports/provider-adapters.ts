import type { ImageGenerator } from './image-generator.js';
import type { TextGenerator } from './text-generator.js';

/** What one configured provider offers. */
export interface ProviderAdapters {
  text: TextGenerator;
  image?: ImageGenerator;
}
