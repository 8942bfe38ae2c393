import { ProviderError } from 'editor-backend';

/** `Retry-After` in seconds or as an HTTP date (Ollama itself sends none; a proxy or Ollama's cloud may). */
const retryAfterMs = (value: string | null): number | undefined => {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
};

const scrub = (text: string, apiKey: string | undefined): string => (apiKey && apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text);

/** A non-2xx answer: Ollama sends `{"error": "…"}` (a plain-text body for unknown routes). */
export const httpError = async (response: Response, apiKey: string | undefined): Promise<ProviderError> => {
  const { status } = response;
  if (status === 401 || status === 403) return new ProviderError(`The provider refused the credentials (${status})`, status);
  const text = await response.text().catch(() => '');
  let detail = text.trim().slice(0, 500);
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === 'string') detail = parsed.error;
  } catch {
    // not JSON: keep the text
  }
  return new ProviderError(scrub(`The provider answered ${status}${detail ? `: ${detail}` : ''}`, apiKey), status, retryAfterMs(response.headers.get('retry-after')));
};

/**
 * Anything thrown while calling or reading: the signal's own reason when the
 * call was aborted (the use case tells a timeout from a client that left),
 * a `ProviderError` as it is, anything else as a provider failure without a
 * status (retryable, like a network error).
 */
export const toProviderError = (error: unknown, signal: AbortSignal, apiKey: string | undefined): unknown => {
  if (signal.aborted) return signal.reason;
  if (error instanceof ProviderError) return error;
  if (error instanceof TypeError && error.message === 'fetch failed') return new ProviderError('The provider could not be reached');
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(scrub(`The provider's answer could not be read: ${message}`, apiKey));
};
