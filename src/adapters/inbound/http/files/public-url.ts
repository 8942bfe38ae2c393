import type { Request } from 'express';

/**
 * Jodit inserts `baseurl + file` as is, so a path-only baseurl is made
 * absolute: against `publicUrl` when configured, else the request's origin
 * (forwarded headers count only when the proxy is trusted). A baseurl without
 * a leading slash is relative to where the connector is mounted.
 */
export const absoluteBaseUrl = (baseurl: string, req: Request, publicUrl: string | undefined, trustProxy: boolean): string => {
  const withSlash = baseurl.endsWith('/') ? baseurl : `${baseurl}/`;
  if (/^https?:\/\//i.test(withSlash)) return withSlash;
  if (!withSlash.startsWith('/')) return absoluteBaseUrl(`${req.baseUrl}/${withSlash}`, req, publicUrl, trustProxy);
  const origin = publicUrl ?? requestOrigin(req, trustProxy);
  return new URL(withSlash, origin.endsWith('/') ? origin : `${origin}/`).toString();
};

const requestOrigin = (req: Request, trustProxy: boolean): string => {
  const forwardedProto = trustProxy ? req.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const forwardedHost = trustProxy ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const protocol = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : req.protocol;
  return `${protocol}://${forwardedHost ?? req.get('host') ?? 'localhost'}`;
};
