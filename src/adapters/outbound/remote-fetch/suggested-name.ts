import mime from 'mime-types';

/** `filename*=UTF-8''…` (RFC 6266/5987) first, then `filename="…"`. */
const fromContentDisposition = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  return plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined;
};

const fromUrlPath = (url: URL): string | undefined => {
  const last = url.pathname.split('/').filter(Boolean).at(-1);
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/**
 * The name a download offers, raw (the use case sanitises it): from
 * `Content-Disposition`, else the URL's last path segment, else `file`; an
 * extension from the content type when it has none.
 */
export const suggestedName = (url: URL, contentDisposition: string | undefined, contentType: string | undefined): string => {
  const raw = (fromContentDisposition(contentDisposition) ?? fromUrlPath(url) ?? 'file').split(/[/\\]/).at(-1) || 'file';
  if (/\.[A-Za-z0-9]{1,8}$/.test(raw)) return raw;
  const extension = contentType ? mime.extension(contentType) : false;
  return extension ? `${raw}.${extension}` : raw;
};
