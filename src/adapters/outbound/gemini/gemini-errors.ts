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

const redact = (text: string, secret: string): string => (secret.length >= 4 ? text.split(secret).join('[redacted]') : text);

/**
 * Any SDK failure as the port promises it: the signal's own reason when the
 * call was aborted (the use case tells timeout from disconnect), else a
 * `ProviderError` with the status. The SDK's `ApiError` carries no response
 * headers, so the retry delay comes from the body's `RetryInfo`, which is
 * where Gemini puts it. Messages never carry the key: a credentials failure
 * gets a fixed text, any other text is scrubbed of it.
 */
export const toProviderError = (error: unknown, signal: AbortSignal, apiKey: string): unknown => {
  if (signal.aborted) return signal.reason;
  if (error instanceof ProviderError) return new ProviderError(redact(error.message, apiKey), error.status, error.retryAfterMs);
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return new ProviderError(`The provider refused the credentials (${error.status})`, error.status);
    const body = parseBody(error.message);
    const message = `The provider answered ${error.status}: ${body?.message ?? 'no details'}`;
    return new ProviderError(redact(message, apiKey), error.status, retryDelayMs(body?.details));
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(redact(`The provider could not be reached: ${message}`, apiKey));
};
