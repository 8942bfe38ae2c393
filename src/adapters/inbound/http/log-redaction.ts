/** Query parameters that carry credentials (the Jodit AI client sends its key as `?key=`). */
const SECRET_PARAMS = /([?&](?:key|api_key|apiKey|token)=)[^&#]*/g;

export const redactUrl = (url: string | undefined): string | undefined => url?.replace(SECRET_PARAMS, '$1[redacted]');

/** A pino-http request serializer that keeps credentials in the query string out of the log. */
export const redactRequest = <T extends { url?: string; query?: unknown }>(req: T): T => {
  const query = req.query && typeof req.query === 'object' ? { ...(req.query as Record<string, unknown>) } : req.query;
  if (query && typeof query === 'object') for (const name of ['key', 'api_key', 'apiKey', 'token']) if (name in query) (query as Record<string, unknown>)[name] = '[redacted]';
  return { ...req, url: redactUrl(req.url), query };
};
