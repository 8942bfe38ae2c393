import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { listen, type RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { MemoryFileStorage } from '../../../src/adapters/outbound/storage/memory-file-storage.js';
import { createAiAdapter, createFileConnector, startServer, type FileConnector } from '../../../src/index.js';
import { filesClient } from '../../support/files-client.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import type { FakeUpstream } from '../../support/fakes/fake-upstream.js';
import { parseJoditEvents } from '../../support/jodit-sse.js';
import { CLIENT_KEY } from '../../support/ai-server.js';

const at = (server: RunningServer, prefix: string) => filesClient({ ...server, url: `${server.url}${prefix}` });

const seeded = async (files: Record<string, string>) => {
  const temp = await makeTempDir();
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(temp.dir, name)), { recursive: true });
    await writeFile(path.join(temp.dir, name), content);
  }
  return temp;
};

const names = (body: any): string[] => body.data.sources.flatMap((s: any) => s.files.map((f: any) => f.file)).sort();

describe('A file connector added to an existing app at its root', () => {
  let server: RunningServer;
  let temp: Awaited<ReturnType<typeof seeded>>;
  let connector: FileConnector;
  before(async () => {
    temp = await seeded({ 'a.txt': 'root mounted' });
    const app = express();
    app.get('/hello', (_req, res) => res.send('the host app'));
    connector = createFileConnector({ sources: { docs: { root: temp.dir } } });
    app.use(connector);
    server = await listen(app as express.Express, '127.0.0.1', 0);
  });
  after(async () => {
    await server.close(0);
    await connector.close();
    await temp.remove();
  });

  it('answers ?action=files and /ping, serves the files, and leaves the host routes alone', async () => {
    const listing = await at(server, '').get('action=files');
    assert.equal(listing.status, 200);
    assert.deepEqual(names(listing.body), ['a.txt']);
    assert.equal(listing.body.data.sources[0].baseurl, `${server.url}/files/docs/`);
    assert.equal(await (await fetch(`${server.url}/files/docs/a.txt`)).text(), 'root mounted');
    assert.deepEqual(await (await fetch(`${server.url}/ping`)).json(), { success: true });
    assert.equal(await (await fetch(`${server.url}/hello`)).text(), 'the host app');
    assert.equal((await fetch(`${server.url}/no-such-route`)).status, 404, 'unknown paths fall through to the host');
  });
});

describe('File connectors under prefixes: several independent instances in one app', () => {
  let server: RunningServer;
  let tempA: Awaited<ReturnType<typeof seeded>>;
  let tempB: Awaited<ReturnType<typeof seeded>>;
  const connectors: FileConnector[] = [];
  const seenByHost: string[] = [];
  before(async () => {
    tempA = await seeded({ 'a-only.txt': 'A' });
    tempB = await seeded({ 'b-only.txt': 'B' });
    const app = express();
    // Host middleware: it must run for every instance, and may stop a request before any of them.
    app.use((req, res, next) => {
      seenByHost.push(req.originalUrl);
      res.set('X-Host-Middleware', 'ran');
      if (req.get('x-blocked-by-host')) return void res.status(418).json({ host: 'blocked' });
      next();
    });
    const editors = createFileConnector({
      sources: { site: { root: tempA.dir } },
      checkAuthentication: (req) => (req.get('x-user') === 'ed' ? 'editor' : 'guest'),
      accessControl: [
        { role: 'guest', FILES: true },
        { role: 'editor', FILES: true, FILE_UPLOAD: true, FILE_REMOVE: true },
      ],
      rateLimit: { max: 5, windowMs: 60_000 },
    });
    const readers = createFileConnector({
      sources: { archive: { root: tempB.dir, title: 'Archive' } },
      checkAuthentication: () => 'reader',
      accessControl: [{ role: 'reader', FILES: true }],
    });
    connectors.push(editors, readers);
    const cms = express.Router();
    cms.use(editors);
    app.use('/cms', cms);
    app.use('/archive', readers);
    server = await listen(app as express.Express, '127.0.0.1', 0);
  });
  after(async () => {
    await server.close(0);
    await Promise.all(connectors.map((c) => c.close()));
    await tempA.remove();
    await tempB.remove();
  });

  it('answers <prefix>/?action=files and <prefix>/ping, with file URLs under the prefix', async () => {
    const listing = await at(server, '/cms').get('action=files');
    assert.equal(listing.status, 200);
    assert.deepEqual(names(listing.body), ['a-only.txt']);
    const baseurl = listing.body.data.sources[0].baseurl as string;
    assert.equal(baseurl, `${server.url}/cms/files/site/`);
    assert.equal(await (await fetch(`${baseurl}a-only.txt`)).text(), 'A');
    assert.deepEqual(await (await fetch(`${server.url}/cms/ping`)).json(), { success: true });
    assert.equal((await fetch(`${server.url}/?action=files`)).status, 404, 'nothing is mounted at the root');
  });

  it('keeps each instance to its own sources, roles and rules', async () => {
    const archive = await at(server, '/archive').get('action=files');
    assert.deepEqual(names(archive.body), ['b-only.txt']);
    assert.equal(archive.body.data.sources[0].title, 'Archive');

    const upload = [{ name: 'new.txt', content: 'uploaded' }];
    const asEditor = filesClient({ ...server, url: `${server.url}/cms` } as RunningServer, { 'x-user': 'ed' });
    assert.equal((await asEditor.upload(upload)).status, 200);
    assert.ok((await readdir(tempA.dir)).includes('new.txt'));

    assert.equal((await at(server, '/cms').upload(upload)).status, 403, 'a guest of the same instance may not upload');
    assert.equal((await at(server, '/archive').upload(upload)).status, 403, 'the reader role has no upload in the other instance');
    assert.deepEqual((await readdir(tempB.dir)).sort(), ['b-only.txt']);
  });

  it('shares no rate-limit state: one instance running out leaves the other answering', async () => {
    let last = 0;
    for (let i = 0; i < 8; i++) last = (await at(server, '/cms').get('action=permissions')).status;
    assert.equal(last, 429);
    assert.equal((await at(server, '/archive').get('action=permissions')).status, 200);
  });

  it('runs the host middleware before every instance', async () => {
    seenByHost.length = 0;
    const a = await fetch(`${server.url}/cms/?action=files`);
    const b = await fetch(`${server.url}/archive/?action=files`);
    assert.equal(a.headers.get('x-host-middleware'), 'ran');
    assert.equal(b.headers.get('x-host-middleware'), 'ran');
    assert.deepEqual(seenByHost, ['/cms/?action=files', '/archive/?action=files']);
    const blocked = await fetch(`${server.url}/archive/?action=files`, { headers: { 'x-blocked-by-host': '1' } });
    assert.equal(blocked.status, 418);
  });
});

describe('A file connector built from instances: a storage adapter and an access function', () => {
  it('lists the instance storage and asks the function for every check', async () => {
    const storage = new MemoryFileStorage();
    storage.seedFile('from-memory.txt', 'in memory');
    const asked: string[] = [];
    const connector = createFileConnector({
      sources: { mem: { storage, title: 'Memory' } },
      accessControl: (role, permission) => {
        asked.push(`${role}:${permission}`);
        return permission === 'FILES';
      },
    });
    const app = express();
    app.use('/files-api', connector);
    const server = await listen(app as express.Express, '127.0.0.1', 0);
    try {
      const listing = await at(server, '/files-api').get('action=files');
      assert.deepEqual(names(listing.body), ['from-memory.txt']);
      assert.equal(await (await fetch(`${listing.body.data.sources[0].baseurl}from-memory.txt`)).text(), 'in memory');
      assert.equal((await at(server, '/files-api').upload([{ name: 'x.txt', content: 'x' }])).status, 403);
      assert.ok(asked.includes('guest:FILES') && asked.includes('guest:FILE_UPLOAD'), asked.join(','));
    } finally {
      await server.close(0);
      await connector.close();
    }
  });

  it('refuses bad options with the field named, before anything starts', () => {
    assert.throws(() => createFileConnector({ sources: { 'bad name': { root: '/tmp' } } }), /files\.sources\.bad name/);
    assert.throws(() => createFileConnector({ sources: { x: { storage: { type: 'nowhere' } } } }), /no storage registered for "nowhere"/);
  });
});

describe('The AI adapter mounted in an existing app', () => {
  let upstream: FakeUpstream;
  let server: RunningServer;
  const ai: ReturnType<typeof createAiAdapter>[] = [];
  before(async () => {
    upstream = await startOpenAiChatUpstream();
    const app = express();
    const adapter = createAiAdapter({
      providers: { local: { type: 'openai-compatible', apiKey: 'sk-embedded-provider-key', baseUrl: `${upstream.url}/v1`, defaultModel: 'm1' } },
      checkAuthentication: ({ apiKey }) => (apiKey === CLIENT_KEY ? 'user-42' : null),
    });
    ai.push(adapter);
    app.use('/assistant', adapter);
    server = await listen(app as express.Express, '127.0.0.1', 0);
  });
  after(async () => {
    await server.close(0);
    await Promise.all(ai.map((a) => a.close()));
    await upstream.close();
  });

  it('streams a generation under its prefix and refuses keys the embedder rejects', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Mounted', ' adapter'], usage: { input: 2, output: 2 } });
    const body = JSON.stringify({ provider: 'local', context: { mode: 'full', messages: [{ id: '1', role: 'user', content: 'hi', timestamp: 1 }] } });
    const response = await fetch(`${server.url}/assistant/request?key=${CLIENT_KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    assert.equal(response.status, 200);
    const events = parseJoditEvents(await response.text());
    assert.equal(events.filter((e) => e.event === 'text-delta').map((e) => e.data.delta).join(''), 'Mounted adapter');
    assert.equal(events.at(-1)?.event, 'completed');
    const refused = await fetch(`${server.url}/assistant/request?key=00000000-0000-4000-8000-000000000001`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    assert.equal(refused.status, 401);
    assert.equal((await (await fetch(`${server.url}/assistant/health`)).json()).status, 'ok');
  });
});

describe('startServer', () => {
  it('runs the standalone server from a config object and stops cleanly', async () => {
    const temp = await seeded({ 'standalone.txt': 's' });
    const running = await startServer({ host: '127.0.0.1', port: 0, logLevel: 'silent', files: { sources: { main: { root: temp.dir } } } });
    try {
      assert.deepEqual(names((await filesClient(running as unknown as RunningServer).get('action=files')).body), ['standalone.txt']);
      assert.equal((await fetch(`${running.url}/ready`)).status, 200);
    } finally {
      await running.close(0);
      await temp.remove();
    }
    await assert.rejects(fetch(`${running.url}/ping`), 'the port is closed after close()');
  });
});
