import { APIError } from '@anthropic-ai/sdk';
import { ProviderError } from '../../../domain/ai/errors.js';

/** `Retry-After` is seconds (or an HTTP date, which Anthropic does not send but proxies might). */
export const retryAfterMs = (value: string | null | undefined): number | undefined => {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
};

/** SDK failures → `ProviderError` with status and `Retry-After`; an abort is passed on unchanged. */
export const toProviderError = (error: unknown, signal: AbortSignal): unknown => {
  if (signal.aborted || error instanceof ProviderError) return error;
  if (error instanceof APIError) {
    // An `error` event mid-stream has no status: it counts as a server failure (e.g. `overloaded_error`).
    const status = error.status ?? (error.type === 'invalid_request_error' ? 400 : undefined);
    return new ProviderError(`Anthropic: ${error.apiMessage ?? error.type ?? error.message}`, status, retryAfterMs(error.headers?.get('retry-after')));
  }
  return new ProviderError(`Anthropic: ${error instanceof Error ? error.message : 'request failed'}`);
};
