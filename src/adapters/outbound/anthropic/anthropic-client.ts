import type Anthropic from '@anthropic-ai/sdk';

/** An SDK client and the key it was made with (to scrub it from error messages). */
export interface AnthropicClient {
  sdk: Anthropic;
  apiKey: string;
}

export type ClientFor = (apiKey?: string) => AnthropicClient;
