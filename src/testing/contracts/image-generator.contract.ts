import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ProviderError } from '../../domain/ai/errors.js';
import type { ImageGenerator, ImageRequest } from '../../ports/image-generator.js';
import type { ObservedRequest } from './text-generator.contract.js';

/** What the fake upstream should answer to the next image request, in the provider's own protocol. */
export type ImageUpstreamScript =
  | { kind: 'image'; images: Array<{ b64_json: string } | { url: string }> }
  | { kind: 'http-error'; status: number; message: string; retryAfterSeconds?: number }
  /** Answers nothing until the client goes away. */
  | { kind: 'stall'; chunks: string[] };

export interface ImageGeneratorFixture {
  generator: ImageGenerator;
  respondWith(script: ImageUpstreamScript): void;
  lastRequest(): ObservedRequest;
  close(): Promise<void>;
}

const request = (overrides: Partial<ImageRequest> = {}): ImageRequest => ({ prompt: 'A lighthouse at dawn, watercolour', model: 'image-model', n: 1, ...overrides });

const PNG_B64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');

const waitUntil = async (predicate: () => boolean, ms = 5_000): Promise<void> => {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** The behaviour every `ImageGenerator` adapter shares, through its real SDK against a fake upstream. */
export const imageGeneratorContract = (adapterName: string, makeFixture: () => Promise<ImageGeneratorFixture>): void => {
  describe(`ImageGenerator contract: ${adapterName}`, () => {
    let fixture: ImageGeneratorFixture;
    before(async () => {
      fixture = await makeFixture();
    });
    after(async () => fixture.close());

    it('returns images as base64 or URLs with the model, and sends the prompt and model upstream', async () => {
      fixture.respondWith({ kind: 'image', images: [{ b64_json: PNG_B64 }] });
      const result = await fixture.generator.generate(request({ model: 'chosen-image-model' }), { signal: new AbortController().signal });
      assert.ok(result.images.length >= 1);
      for (const image of result.images) {
        if ('b64_json' in image) assert.ok(Buffer.from(image.b64_json, 'base64').length > 0);
        else assert.match(image.url, /^(https?:|data:)/);
      }
      assert.ok(result.model.length > 0);
      const seen = JSON.stringify(fixture.lastRequest().body) + (fixture.lastRequest() as { url?: string; path?: string }).url + (fixture.lastRequest() as { path?: string }).path;
      assert.match(seen, /A lighthouse at dawn, watercolour/);
      assert.match(seen, /chosen-image-model/);
    });

    it('uses a per-request key instead of the configured one', async () => {
      fixture.respondWith({ kind: 'image', images: [{ b64_json: PNG_B64 }] });
      await fixture.generator.generate(request(), { signal: new AbortController().signal, apiKey: 'client-image-key-456' });
      assert.match(JSON.stringify(fixture.lastRequest().headers), /client-image-key-456/);
    });

    it('throws a retryable ProviderError for a 5xx and a final one for a 400', async () => {
      fixture.respondWith({ kind: 'http-error', status: 503, message: 'overloaded' });
      await assert.rejects(fixture.generator.generate(request(), { signal: new AbortController().signal }), (error: unknown) => {
        assert.ok(error instanceof ProviderError, String(error));
        assert.equal(error.status, 503);
        assert.equal(error.retryable, true);
        return true;
      });
      fixture.respondWith({ kind: 'http-error', status: 400, message: 'prompt refused' });
      await assert.rejects(fixture.generator.generate(request(), { signal: new AbortController().signal }), (error: unknown) => {
        assert.ok(error instanceof ProviderError, String(error));
        assert.equal(error.retryable, false);
        return true;
      });
    });

    it('stops the upstream call when the signal fires', async () => {
      fixture.respondWith({ kind: 'stall', chunks: [] });
      const controller = new AbortController();
      const prompt = `A stalled request ${Math.random()}`;
      const pending = fixture.generator.generate(request({ prompt }), { signal: controller.signal });
      pending.catch(() => undefined); // asserted below, once the fake has the request
      await waitUntil(() => {
        try {
          return JSON.stringify(fixture.lastRequest().body).includes(prompt);
        } catch {
          return false;
        }
      });
      controller.abort(new Error('client went away'));
      await assert.rejects(pending);
      await waitUntil(() => fixture.lastRequest().aborted);
    });
  });
};
