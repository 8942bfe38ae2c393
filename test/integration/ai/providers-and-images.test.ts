import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CLIENT_KEY, OPENAI_PROVIDER_TYPES, PROVIDER_KEY, startAiServer, type AiTestServer } from '../../support/ai-server.js';

const headers = { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}` };

for (const { type, start } of OPENAI_PROVIDER_TYPES) {
  describe(`GET /ai/providers and POST /ai/image/generate with a "${type}" provider`, () => {
    let ai: AiTestServer;
    before(async () => {
      ai = await startAiServer(type, start);
    });
    after(() => ai.close());

    it('lists the enabled providers without their keys', async () => {
      const response = await fetch(`${ai.server.url}/ai/providers`, { headers });
      assert.equal(response.status, 200);
      const text = await response.text();
      assert.deepEqual(JSON.parse(text), { success: true, providers: [{ name: 'p', type, defaultModel: 'model-default', configured: true }] });
      assert.ok(!text.includes(PROVIDER_KEY));
    });

    it('generates images through images.generate', async () => {
      ai.upstream.respondWith({ kind: 'image', images: [{ b64_json: 'aGVsbG8=' }, { url: 'https://img.example/2.png' }] });
      const response = await fetch(`${ai.server.url}/ai/image/generate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ provider: 'p', request: { prompt: 'A lighthouse at dusk', model: 'image-model', n: 2, size: '1024x1024' } }),
      });
      assert.equal(response.status, 200);
      const body = (await response.json()) as any;
      assert.equal(body.success, true);
      assert.deepEqual(body.result.images, [{ b64_json: 'aGVsbG8=' }, { url: 'https://img.example/2.png' }]);
      assert.deepEqual(body.result.metadata, { model: 'image-model', prompt: 'A lighthouse at dusk' });
      assert.equal(typeof body.result.created, 'number');
      const upstream = ai.upstream.lastRequest();
      assert.match(upstream.path, /\/images\/generations$/);
      assert.deepEqual(upstream.body, { model: 'image-model', prompt: 'A lighthouse at dusk', n: 2, size: '1024x1024' });
    });

    it('answers 502 when the image provider fails, and 400 for a missing prompt', async () => {
      ai.upstream.respondWith({ kind: 'http-error', status: 400, message: 'prompt rejected' });
      const failed = await fetch(`${ai.server.url}/ai/image/generate`, { method: 'POST', headers, body: JSON.stringify({ provider: 'p', request: { prompt: 'x' } }) });
      assert.equal(failed.status, 502);
      assert.match(((await failed.json()) as any).error.message, /prompt rejected/);
      const invalid = await fetch(`${ai.server.url}/ai/image/generate`, { method: 'POST', headers, body: JSON.stringify({ provider: 'p', request: {} }) });
      assert.equal(invalid.status, 400);
    });
  });
}
