import { UndiciRemoteFetcher } from '../../src/adapters/outbound/remote-fetch/undici-remote-fetcher.js';
import { FakeRemoteFetcher } from '../fakes/fake-remote-fetcher.js';
import { startListener } from '../support/http-listener.js';
import { remoteFetcherContract } from '../../src/testing/contracts/remote-fetcher.contract.js';

remoteFetcherContract('UndiciRemoteFetcher', async () => {
  const answers = new Map<string, { body: Uint8Array | string; status?: number; contentType?: string; contentDisposition?: string }>();
  const listener = await startListener((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) return void res.writeHead(404).end();
    // No Content-Length: the size limit must hold while streaming, not only from the header.
    res.writeHead(answer.status ?? 200, {
      ...(answer.contentType ? { 'content-type': answer.contentType } : {}),
      ...(answer.contentDisposition ? { 'content-disposition': answer.contentDisposition } : {}),
      'transfer-encoding': 'chunked',
    });
    res.end(answer.body);
  });
  return {
    guarded: new UndiciRemoteFetcher({ allowPrivateNetworks: false, timeoutMs: 5000 }),
    permissive: new UndiciRemoteFetcher({ allowPrivateNetworks: true, timeoutMs: 5000 }),
    async serve(path, answer) {
      answers.set(path, answer);
      return `${listener.url}${path}`;
    },
    cleanup: listener.close,
  };
});

remoteFetcherContract('FakeRemoteFetcher', async () => {
  const permissive = new FakeRemoteFetcher(true);
  return {
    guarded: new FakeRemoteFetcher(false),
    permissive,
    async serve(path, answer) {
      const url = `https://files.example.com${path}`;
      permissive.publish(url, answer);
      return url;
    },
  };
});
