import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { TooLargeError } from '../../../domain/errors.js';
import { AddressRefusedError, RemoteFetchFailedError, RemoteTimeoutError } from '../../../domain/files/remote-errors.js';
import type { FetchOptions, RemoteFetcher, RemoteFile } from '../../../ports/remote-fetcher.js';
import { isPublicAddress, literalAddress } from './address-policy.js';
import { suggestedName } from './suggested-name.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface RemoteFetchOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  maxRedirects?: number;
  /** DNS resolution; injectable so tests can make a name resolve anywhere without a network. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The address policy; injectable so tests can treat one loopback address as public. */
  isPublicAddress?: (address: string) => boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * `RemoteFetcher` on undici. The address check lives in the connection's own
 * DNS lookup, so the socket connects to exactly the address that was checked
 * (no second resolution for a rebinding DNS server to answer differently).
 * Literal IPs skip DNS and are checked before connecting. Redirects are
 * followed by hand, each one checked again like a new URL.
 */
export class UndiciRemoteFetcher implements RemoteFetcher {
  private readonly agent: Agent;
  private readonly maxRedirects: number;
  private readonly allowed: (address: string) => boolean;

  constructor(private readonly options: RemoteFetchOptions) {
    this.maxRedirects = options.maxRedirects ?? 5;
    const policy = options.isPublicAddress ?? isPublicAddress;
    this.allowed = (address) => options.allowPrivateNetworks || policy(address);
    this.agent = new Agent({ connect: { lookup: this.guardedLookup(), timeout: options.timeoutMs } });
  }

  async fetch(url: string, { maxBytes, signal }: FetchOptions): Promise<RemoteFile> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    let current = this.checkUrl(url);
    for (let hop = 0; ; hop++) {
      const response = await this.send(current, combined, timeout);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        discard(response.body);
        if (hop >= this.maxRedirects) throw new RemoteFetchFailedError(`More than ${this.maxRedirects} redirects`);
        current = this.checkUrl(location, current);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        discard(response.body);
        throw new RemoteFetchFailedError(`The remote server answered ${response.statusCode}`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discard(response.body);
        throw new TooLargeError(`The remote file is larger than ${maxBytes} bytes`);
      }
      const contentType = header(response.headers['content-type'])?.split(';')[0]?.trim();
      return {
        suggestedName: suggestedName(current, header(response.headers['content-disposition']), contentType),
        ...(contentType ? { contentType } : {}),
        content: this.limited(response.body, maxBytes, timeout),
        discard: () => discard(response.body),
      };
    }
  }

  /** http(s) only, and a literal address must pass the policy here: no DNS lookup will see it. */
  private checkUrl(raw: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(raw, base); // also normalises 2130706433, 0x7f.1, 017700000001 … to dotted form
    } catch {
      throw new AddressRefusedError('The URL is not valid');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefusedError('Only http and https URLs can be fetched');
    const literal = literalAddress(url.hostname);
    if (literal !== undefined && !this.allowed(literal)) throw new AddressRefusedError('The URL points to a private or reserved address');
    return url;
  }

  private async send(url: URL, signal: AbortSignal, timeout: AbortSignal): Promise<Dispatcher.ResponseData> {
    try {
      return await request(url, {
        dispatcher: this.agent,
        method: 'GET',
        signal,
        headers: { 'user-agent': 'editor-backend remote upload', accept: '*/*' },
      });
    } catch (error) {
      throw this.translate(error, timeout);
    }
  }

  private async *limited(body: Dispatcher.ResponseData['body'], maxBytes: number, timeout: AbortSignal): AsyncIterable<Uint8Array> {
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new TooLargeError(`The remote file is larger than ${maxBytes} bytes`);
        yield chunk;
      }
    } catch (error) {
      throw error instanceof TooLargeError ? error : this.translate(error, timeout);
    } finally {
      discard(body);
    }
  }

  private translate(error: unknown, timeout: AbortSignal): Error {
    const refused = findCause(error, (e) => e instanceof AddressRefusedError);
    if (refused) return refused;
    if (timeout.aborted) return new RemoteTimeoutError(this.options.timeoutMs);
    return new RemoteFetchFailedError('The remote server could not be reached');
  }

  private guardedLookup(): LookupFunction {
    const resolve = this.options.resolve ?? ((hostname: string) => dnsLookup(hostname, { all: true, verbatim: true }));
    const checked = async (hostname: string): Promise<ResolvedAddress[]> => {
      // `localhost` and `*.localhost` are loopback by definition (RFC 6761), whatever a resolver says.
      if (/(^|\.)localhost\.?$/i.test(hostname) && !this.options.allowPrivateNetworks) throw new AddressRefusedError(`${hostname} is a loopback name`);
      const addresses = await resolve(hostname);
      if (addresses.length === 0) throw Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
      // One refused answer refuses the name: a mixed answer is how rebinding attacks start.
      if (addresses.some((a) => !this.allowed(a.address))) throw new AddressRefusedError(`${hostname} resolves to a private or reserved address`);
      return addresses;
    };
    return (hostname, lookupOptions, callback) => {
      checked(hostname).then(
        (addresses) => {
          if (lookupOptions.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    };
  }
}

/** Drops a body we will not read; the abort this causes is expected, not an error to report. */
const discard = (body: Dispatcher.ResponseData['body']): void => {
  body.on('error', () => undefined);
  body.destroy();
};

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

const findCause = (error: unknown, test: (e: unknown) => boolean): Error | undefined => {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (test(current)) return current as Error;
  }
  return undefined;
};
