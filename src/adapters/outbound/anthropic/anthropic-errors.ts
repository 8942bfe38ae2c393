import { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import { ProviderError } from '../../../domain/ai/errors.js';

/** `Retry-After` is seconds (or an HTTP date, which Anthropic does not send but proxies might). */
export const retryAfterMs = (value: string | null | undefined): number | undefined => {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
};

const redact = (text: string, secret: string): string => (secret.length >= 4 ? text.split(secret).join('[redacted]') : text);

/**
 * Any SDK failure as the port promises it: the signal's own reason when the
 * call was aborted (the use case tells timeout from disconnect), else a
 * `ProviderError` with the status and `Retry-After`. Messages never carry the
 * key: a credentials failure gets a fixed text, any other text is scrubbed of it.
 */
export const toProviderError = (error: unknown, signal: AbortSignal, apiKey: string): unknown => {
  if (signal.aborted) return signal.reason;
  if (error instanceof ProviderError) return new ProviderError(redact(error.message, apiKey), error.status, error.retryAfterMs);
  if (error instanceof APIConnectionError) return new ProviderError('The provider could not be reached');
  if (error instanceof APIError) {
    if (error.status === 401 || error.status === 403) return new ProviderError(`The provider refused the credentials (${error.status})`, error.status);
    // An `error` event mid-stream has no status: an invalid request stays a 400, anything else (`overloaded_error`…) counts as a server failure.
    const status = error.status ?? (error.type === 'invalid_request_error' ? 400 : undefined);
    const prefix = error.status ? `The provider answered ${error.status}` : 'The provider reported an error';
    const message = `${prefix}: ${error.apiMessage ?? error.type ?? error.message}`;
    return new ProviderError(redact(message, apiKey), status, retryAfterMs(error.headers?.get('retry-after')));
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(redact(`The provider's answer could not be read: ${message}`, apiKey));
};
