import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '../../domain/errors.js';
import type { RemoteFetcher } from '../../ports/remote-fetcher.js';

export interface RemoteFetcherFixture {
  /** The guarded fetcher: private networks refused. */
  guarded: RemoteFetcher;
  /** A fetcher that may reach what `serve` publishes. */
  permissive: RemoteFetcher;
  /** Publishes an answer and returns its URL. */
  serve(path: string, answer: { body: Uint8Array | string; status?: number; contentType?: string; contentDisposition?: string }): Promise<string>;
  cleanup?(): Promise<void>;
}

const text = async (content: AsyncIterable<Uint8Array>): Promise<string> => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
};

const failsWith = (promise: Promise<unknown>, code: string) =>
  assert.rejects(promise, (error) => error instanceof DomainError && error.code === code);

/** What every `RemoteFetcher` adapter must do. */
export const remoteFetcherContract = (name: string, makeFixture: () => Promise<RemoteFetcherFixture>): void => {
  describe(`RemoteFetcher contract: ${name}`, () => {
    let fixture: RemoteFetcherFixture;
    before(async () => {
      fixture = await makeFixture();
    });
    after(async () => fixture.cleanup?.());

    it('downloads a file and names it from the URL path', async () => {
      const url = await fixture.serve('/pics/cat%20photo.png', { body: 'meow', contentType: 'image/png' });
      const file = await fixture.permissive.fetch(url, { maxBytes: 1000 });
      assert.equal(file.suggestedName, 'cat photo.png');
      assert.equal(file.contentType, 'image/png');
      assert.equal(await text(file.content), 'meow');
    });

    it('prefers the name from Content-Disposition', async () => {
      const url = await fixture.serve('/download', { body: 'x', contentDisposition: 'attachment; filename="report.pdf"' });
      assert.equal((await fixture.permissive.fetch(url, { maxBytes: 1000 })).suggestedName, 'report.pdf');
    });

    it('stops a body larger than maxBytes', async () => {
      const url = await fixture.serve('/big.bin', { body: new Uint8Array(50_000) });
      await failsWith(fixture.permissive.fetch(url, { maxBytes: 10_000 }).then((file) => text(file.content)), 'FILES.TOO_LARGE');
    });

    it('reports a failed answer', async () => {
      const url = await fixture.serve('/gone', { body: 'no', status: 404 });
      await failsWith(fixture.permissive.fetch(url, { maxBytes: 1000 }), 'REMOTE.FETCH_FAILED');
    });

    it('refuses other schemes and private addresses', async () => {
      for (const url of ['ftp://example.com/a', 'file:///etc/passwd', 'http://127.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest', 'http://2130706433/', 'http://localhost/', 'not a url']) {
        await failsWith(fixture.guarded.fetch(url, { maxBytes: 1000 }), 'REMOTE.ADDRESS_REFUSED');
      }
    });
  });
};
