import type { GoogleGenAI } from '@google/genai';

/** An SDK client and the key it was made with (to scrub it from error messages). */
export interface GoogleGenAIClient {
  sdk: GoogleGenAI;
  apiKey: string;
}

export type ClientFor = (apiKey?: string) => GoogleGenAIClient;
