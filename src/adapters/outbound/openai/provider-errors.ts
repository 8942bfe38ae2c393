import { APIConnectionError, APIError } from 'openai';
import { ProviderError } from '../../../domain/ai/errors.js';

const redact = (text: string, secret: string): string => (secret.length >= 4 ? text.split(secret).join('[redacted]') : text);

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date. */
export const retryAfterMs = (headers: Headers | undefined, now = Date.now()): number | undefined => {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

const upstreamMessage = (error: APIError): string => {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : error.message;
};

/**
 * Any failure of an SDK call as the port promises it: the signal's own reason
 * when the call was aborted (the use case tells timeout from disconnect), else
 * a `ProviderError` with the status and `Retry-After`. Messages never carry
 * the key: a credentials failure gets a fixed text (providers echo part of the
 * key there), and any other text is scrubbed of it.
 */
export const toProviderError = (error: unknown, signal: AbortSignal, apiKey: string): unknown => {
  if (signal.aborted) return signal.reason;
  if (error instanceof ProviderError) return new ProviderError(redact(error.message, apiKey), error.status, error.retryAfterMs);
  if (error instanceof APIConnectionError) return new ProviderError('The provider could not be reached');
  if (error instanceof APIError) {
    if (error.status === 401 || error.status === 403) {
      return new ProviderError(`The provider refused the credentials (${error.status})`, error.status);
    }
    const status = error.status;
    const prefix = status ? `The provider answered ${status}` : 'The provider reported an error';
    return new ProviderError(redact(`${prefix}: ${upstreamMessage(error)}`, apiKey), status, retryAfterMs(error.headers));
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(redact(`The provider's answer could not be read: ${message}`, apiKey));
};
