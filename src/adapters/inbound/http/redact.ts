/** Query parameters whose values are secrets: `key`, `api_key`, `access_token`, `password`, … */
const SECRET_PARAM = /(^|[_-])(key|apikey|token|secret|password|passwd|signature|sig|jwt|auth|authorization)$/i;

/** The first characters of a client key: enough to tell keys apart in a log, too few to use one. */
export const keyPrefix = (key: string, shown = 8): string => (key.length > shown ? `${key.slice(0, shown)}…` : '[redacted]');

const paramName = (pair: string): string => {
  const raw = pair.split('=', 1)[0] ?? '';
  let name: string;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    name = raw;
  }
  return name.replace(/\[.*$/, '');
};

/** The request path with every secret-looking query value replaced, for logs. */
export const safeUrl = (url: string): string => {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => (SECRET_PARAM.test(paramName(pair)) ? `${pair.split('=', 1)[0]}=[redacted]` : pair))
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
};
