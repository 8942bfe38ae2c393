import { TooLargeError } from '../../src/domain/errors.js';
import { AddressRefusedError, RemoteFetchFailedError } from '../../src/domain/files/remote-errors.js';
import type { FetchOptions, RemoteFetcher, RemoteFile } from '../../src/ports/remote-fetcher.js';

export interface FakeRemoteResource {
  body: Uint8Array | string;
  status?: number;
  contentType?: string;
  contentDisposition?: string;
}

const PRIVATE_HOST = /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[.*\])$/i;

/** A pretend internet: URLs mapped to answers; private-looking hosts refused unless allowed. */
export class FakeRemoteFetcher implements RemoteFetcher {
  readonly resources = new Map<string, FakeRemoteResource>();
  readonly requested: string[] = [];

  constructor(private readonly allowPrivateNetworks = false) {}

  publish(url: string, resource: FakeRemoteResource): void {
    this.resources.set(new URL(url).href, resource);
  }

  async fetch(raw: string, { maxBytes }: FetchOptions): Promise<RemoteFile> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new AddressRefusedError('The URL is not valid');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefusedError('Only http and https URLs can be fetched');
    if (!this.allowPrivateNetworks && PRIVATE_HOST.test(url.hostname)) throw new AddressRefusedError('The URL points to a private or reserved address');
    this.requested.push(url.href);
    const resource = this.resources.get(url.href);
    if (!resource || (resource.status ?? 200) >= 300) throw new RemoteFetchFailedError(`The remote server answered ${resource?.status ?? 404}`);
    const bytes = typeof resource.body === 'string' ? new TextEncoder().encode(resource.body) : resource.body;
    const fromHeader = /filename="?([^";]+)"?/i.exec(resource.contentDisposition ?? '')?.[1];
    return {
      suggestedName: fromHeader ?? (decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? '') || 'file'),
      ...(resource.contentType ? { contentType: resource.contentType } : {}),
      discard: () => undefined,
      content: (async function* () {
        for (let offset = 0; offset < bytes.length; offset += 1024) {
          if (offset + 1024 > maxBytes && bytes.length > maxBytes) throw new TooLargeError(`The remote file is larger than ${maxBytes} bytes`);
          yield bytes.slice(offset, offset + 1024);
        }
      })(),
    };
  }
}
