import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse as parseYaml } from 'yaml';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { FILE_ACTIONS } from '../../../src/adapters/inbound/http/files/actions/index.js';
import * as answers from '../../../src/adapters/inbound/http/openapi/response-schemas.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

const CLIENT = { authorization: 'Bearer 6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' };

describe('the OpenAPI document', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let server: RunningServer;
  let document: any;
  before(async () => {
    temp = await makeTempDir();
    await mkdir(path.join(temp.dir, 'sub'));
    await writeFile(path.join(temp.dir, 'a.txt'), 'a');
    server = await startTestServer({
      ai: { providers: { p: { type: 'openai-compatible', apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', defaultModel: 'm' } } },
      files: { sources: { docs: { root: temp.dir } }, accessControl: [{ role: 'guest', FILES: true }] },
    });
    document = await (await fetch(`${server.url}/openapi.json`)).json();
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  it('is a valid OpenAPI 3.1 document, the same in JSON and YAML', async () => {
    const result = await new Validator().validate(document);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
    assert.equal(document.openapi, '3.1.0');
    const yaml = parseYaml(await (await fetch(`${server.url}/openapi.yaml`)).text());
    assert.deepEqual(yaml, document);
  });

  it('covers every route the server registers: each file action, each /ai route, ping, ready, metrics', async () => {
    for (const action of FILE_ACTIONS.keys()) assert.ok(document.paths[`/?action=${action}`], `action ${action} is documented`);
    for (const route of ['/ai/request', '/ai/image/generate', '/ai/providers', '/ai/health', '/ping', '/ready', '/metrics']) {
      assert.ok(document.paths[route], `${route} is documented`);
    }
    for (const [route, item] of Object.entries<Record<string, unknown>>(document.paths)) {
      const method = Object.keys(item)[0]!.toUpperCase();
      const response = await fetch(`${server.url}${route}`, { method, headers: { ...CLIENT, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      assert.notEqual(response.status, 404, `${route} exists on the server`);
      await response.arrayBuffer();
    }
  });

  it('describes what the server really answers', async () => {
    const get = async (url: string, headers: Record<string, string> = {}) => (await fetch(`${server.url}${url}`, { headers })).json();
    answers.listingSchema.parse(await get('/?action=files&source=docs&mods[withFolders]=true'));
    answers.filesErrorSchema.parse(await get('/?action=files&source=nope'));
    answers.pingSchema.parse(await get('/ping'));
    answers.healthSchema.parse(await get('/ai/health'));
    answers.providersSchema.parse(await get('/ai/providers', CLIENT));
    answers.aiErrorSchema.parse(await get('/ai/providers'));
  });

  it('has an interactive viewer whose assets come from this server', async () => {
    const page = await (await fetch(`${server.url}/docs/`)).text();
    assert.match(page, /swagger-ui-bundle\.js/);
    assert.doesNotMatch(page, /https?:\/\//, 'nothing is loaded from a CDN');
    const bundle = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
    assert.equal(bundle.status, 200);
    assert.ok((await bundle.arrayBuffer()).byteLength > 100_000);
  });
});
