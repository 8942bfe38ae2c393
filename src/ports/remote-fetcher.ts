export interface RemoteFile {
  /** A name for the file taken from `Content-Disposition` or the URL path, raw: the caller sanitises it. */
  suggestedName: string;
  contentType?: string;
  /** The body, stopped with `TooLargeError` past `maxBytes` and by the adapter's timeout. */
  content: AsyncIterable<Uint8Array>;
  /** Closes the download without reading it (the caller refused the file from its name). */
  discard(): void;
}

export interface FetchOptions {
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * Downloads a file a user named by URL, on the server's behalf: a server-side
 * request forgery guard. Only http(s); the address is checked after DNS
 * resolution and the connection pinned to the checked address; every
 * redirect is checked again. Failures: `AddressRefusedError` (scheme or
 * address not allowed), `TooLargeError`, `RemoteTimeoutError`,
 * `RemoteFetchFailedError` (unreachable, non-2xx answer, too many redirects).
 */
export interface RemoteFetcher {
  fetch(url: string, options: FetchOptions): Promise<RemoteFile>;
}
