import { ApiError } from '@google/genai';
import { z } from 'zod';
import { ProviderError } from '../../../domain/ai/errors.js';

/** Google's error body; a 429 says when to come back in a `RetryInfo` detail (`"retryDelay": "7s"`). */
const googleErrorBody = z.object({
  error: z.object({
    message: z.string().optional(),
    details: z.array(z.looseObject({ '@type': z.string().optional(), retryDelay: z.string().optional() })).optional(),
  }),
});

const parseBody = (text: string) => {
  // The SDK puts the whole JSON body in the message, sometimes after a "got status: …" prefix.
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  try {
    const parsed = googleErrorBody.safeParse(JSON.parse(text.slice(start)));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
};

const retryDelayMs = (details: { retryDelay?: string }[] | undefined): number | undefined => {
  const delay = details?.find((d) => d.retryDelay)?.retryDelay;
  const seconds = delay === undefined ? NaN : Number.parseFloat(delay);
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined;
};

/**
 * SDK failures → `ProviderError`. The SDK's `ApiError` carries the status but
 * not the response headers, so the retry delay comes from the body's
 * `RetryInfo`, which is where Gemini puts it. An abort is passed on unchanged.
 */
export const toProviderError = (error: unknown, signal: AbortSignal): unknown => {
  if (signal.aborted || error instanceof ProviderError) return error;
  if (error instanceof ApiError) {
    const body = parseBody(error.message);
    return new ProviderError(`Gemini: ${body?.message ?? `HTTP ${error.status}`}`, error.status, retryDelayMs(body?.details));
  }
  return new ProviderError(`Gemini: ${error instanceof Error ? error.message : 'request failed'}`);
};
