import { z } from 'zod';
import { ProviderError } from '../../../domain/ai/errors.js';

const argumentsSchema = z.record(z.string(), z.unknown());

/** A tool call's JSON arguments as an object; empty means none, anything but an object is the provider's fault. */
export const parseToolArguments = (text: string | undefined): Record<string, unknown> => {
  if (!text || text.trim() === '') return {};
  try {
    return argumentsSchema.parse(JSON.parse(text));
  } catch {
    throw new ProviderError('The provider sent tool-call arguments that are not a JSON object');
  }
};
