import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

describe('GET /?action=files over HTTP', () => {
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;

  before(async () => {
    temp = await makeTempDir();
    const root = path.join(temp.dir, 'files');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await writeFile(path.join(root, 'hello.txt'), 'hello');
    await writeFile(path.join(root, 'pic.png'), 'png');
    await writeFile(path.join(temp.dir, 'outside.txt'), 'secret');
    server = await startTestServer({
      files: {
        sources: { docs: { title: 'Documents', root, baseurl: '/files/docs/' }, other: { root: path.join(temp.dir, 'other') } },
        accessControl: [{ role: 'guest', FILES: true }],
      },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  const get = async (query: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}/?${query}`, init);
    return { status: response.status, body: (await response.json()) as any, headers: response.headers };
  };

  it('lists every source with the spec envelope when no source is named', async () => {
    const { status, body } = await get('action=files&source=&path=');
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.equal(body.data.code, 220);
    assert.deepEqual(body.data.sources.map((s: any) => s.name), ['docs', 'other']);
    const docs = body.data.sources[0];
    assert.equal(docs.title, 'Documents');
    assert.equal(docs.baseurl, `${server.url.replace('127.0.0.1', '127.0.0.1')}/files/docs/`);
    assert.equal(docs.path, '');
    const hello = docs.files.find((f: any) => f.file === 'hello.txt');
    assert.deepEqual(
      { ...hello, changed: typeof hello.changed },
      { file: 'hello.txt', name: 'hello.txt', type: 'file', size: 5, changed: 'string', isImage: false, thumb: `${server.url}/icons/txt.svg`, thumbIsAbsolute: true },
    );
    const icon = await fetch(hello.thumb);
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    assert.match(await icon.text(), /^<svg[^>]*>.*TXT/);
    assert.ok(!Number.isNaN(Date.parse(hello.changed)));
    assert.equal(docs.files.find((f: any) => f.file === 'pic.png').isImage, true);
  });

  it('includes folders with mods[withFolders] and lists one named source', async () => {
    const { body } = await get('action=files&source=docs&mods[withFolders]=true');
    assert.equal(body.data.sources.length, 1);
    assert.deepEqual(body.data.sources[0].files.map((f: any) => [f.name, f.type]), [['sub', 'folder'], ['hello.txt', 'file'], ['pic.png', 'file']]);
  });

  it('falls back to the first source for source=default', async () => {
    const { body } = await get('action=files&source=default');
    assert.equal(body.data.sources[0].name, 'docs');
  });

  it('answers 404 for an unknown source and a missing folder, 400 for an escape, in the files envelope', async () => {
    const unknown = await get('action=files&source=nope');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { success: false, data: { code: 404, messages: ['Unknown source "nope"'] } });
    assert.equal((await get('action=files&source=docs&path=missing')).status, 404);
    const escape = await get('action=files&source=docs&path=../');
    assert.equal(escape.status, 400);
    assert.doesNotMatch(JSON.stringify(escape.body), /outside\.txt|secret/);
  });

  it('answers 400 for a missing or unknown action', async () => {
    assert.equal((await get('')).status, 400);
    assert.equal((await get('action=nope')).status, 400);
  });

  it('uses the forwarded origin for baseurl only when the proxy is trusted', async () => {
    const { body } = await get('action=files&source=docs', { headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' } });
    assert.doesNotMatch(body.data.sources[0].baseurl, /evil/);
  });

  it('serves files at a path-only baseurl with safe headers, and nothing outside the root', async () => {
    const file = await fetch(`${server.url}/files/docs/hello.txt`);
    assert.equal(file.status, 200);
    assert.equal(await file.text(), 'hello');
    assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
    assert.match(file.headers.get('content-security-policy') ?? '', /sandbox/);
    for (const attempt of ['/files/docs/../outside.txt', '/files/docs/%2e%2e/outside.txt', '/files/docs/%2e%2e%2foutside.txt']) {
      const response = await fetch(`${server.url}${attempt}`);
      assert.notEqual(await response.text(), 'secret', attempt);
    }
  });

  it('answers /ping and echoes a request id', async () => {
    const response = await fetch(`${server.url}/ping`, { headers: { 'X-Request-Id': 'abc-123' } });
    assert.deepEqual(await response.json(), { success: true });
    assert.equal(response.headers.get('x-request-id'), 'abc-123');
  });
});

describe('file connector access control over HTTP', () => {
  it('answers 403 when the role may not list, and 401 when the callback throws', async () => {
    const temp = await makeTempDir();
    const server = await startTestServer(
      { files: { sources: { a: { root: temp.dir } }, accessControl: [{ role: 'admin', FILES: true }] } },
      {
        checkAuthentication: (req) => {
          const role = req.get('x-role');
          if (role === 'broken') throw new Error('database down at /var/lib/secret');
          return role ?? 'guest';
        },
      },
    );
    try {
      const as = (role: string) => fetch(`${server.url}/?action=files`, { headers: { 'x-role': role } });
      assert.equal((await as('admin')).status, 200);
      const denied = await as('guest');
      assert.equal(denied.status, 403);
      assert.equal(((await denied.json()) as any).success, false);
      const broken = await as('broken');
      assert.equal(broken.status, 401);
      assert.doesNotMatch(await broken.text(), /secret|database/);
    } finally {
      await server.close(0);
      await temp.remove();
    }
  });
});
