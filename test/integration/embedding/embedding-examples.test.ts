import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { CLIENT_KEY } from '../../support/ai-server.js';
import type { FakeUpstream } from '../../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { parseJoditEvents } from '../../support/jodit-sse.js';
import { spawnServer } from '../../support/spawn-server.js';
import { makeTempDir } from '../../support/temp-dir.js';

const run = promisify(execFile);
const example = (name: string) => path.resolve('examples/embedding', name);

describe('The README embedding examples, run as they are', () => {
  let upstream: FakeUpstream;
  let docs: Awaited<ReturnType<typeof makeTempDir>>;
  let host: ReturnType<typeof spawnServer>;
  let url: string;
  before(async () => {
    upstream = await startOpenAiChatUpstream();
    docs = await makeTempDir();
    await writeFile(path.join(docs.dir, 'notes.txt'), 'from the host app');
    host = spawnServer([], { PORT: '0', DOCS_ROOT: docs.dir, PROVIDER_KEY: 'sk-example', PROVIDER_URL: `${upstream.url}/v1`, EDITOR_CLIENT_KEY: CLIENT_KEY }, process.cwd(), example('host-app.ts'));
    url = await host.started();
  });
  after(async () => {
    host.child.kill('SIGTERM');
    await host.exited;
    await upstream.close();
    await docs.remove();
  });

  it('host-app.ts: the connector under /cms with the host roles, the host middleware on every answer', async () => {
    const listing = await fetch(`${url}/cms/?action=files`);
    assert.equal(listing.headers.get('x-served-by'), 'host-app');
    const body = (await listing.json()) as { data: { sources: Array<{ files: Array<{ file: string }> }> } };
    assert.deepEqual(body.data.sources[0]!.files.map((f) => f.file), ['notes.txt']);
    const asGuest = await fetch(`${url}/cms/?action=folderCreate&name=new&path=`, { method: 'POST' });
    assert.equal(asGuest.status, 403);
    const asEditor = await fetch(`${url}/cms/?action=folderCreate&name=new&path=`, { method: 'POST', headers: { 'x-user': 'editor' } });
    assert.equal(asEditor.status, 200);
    assert.equal(await (await fetch(url)).text(), 'the host app');
  });

  it('host-app.ts: the AI adapter at /ai over SSE and WebSocket, with the host key check', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Hi', ' there'], usage: { input: 1, output: 2 } });
    const request = { provider: 'main', context: { mode: 'full', messages: [{ id: '1', role: 'user', content: 'hello', timestamp: 1 }] } };
    const sse = await fetch(`${url}/ai/request`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}` }, body: JSON.stringify(request) });
    assert.equal(sse.status, 200);
    assert.equal(parseJoditEvents(await sse.text()).at(-1)!.data.response.content, 'Hi there');
    const refused = await fetch(`${url}/ai/providers`, { headers: { authorization: 'Bearer 00000000-0000-4000-8000-000000000009' } });
    assert.equal(refused.status, 401);

    upstream.respondWith({ kind: 'text', chunks: ['Over', ' ws'], usage: { input: 1, output: 2 } });
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ai/ws?key=${CLIENT_KEY}`);
    const completed = new Promise<{ response: { content: string } }>((resolve) => {
      socket.on('message', (data) => {
        const event = JSON.parse(data.toString());
        if (event.type === 'completed') resolve(event);
      });
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'request', ...request })));
    assert.equal((await completed).response.content, 'Over ws');
    socket.close();
  });

  it('no-http.ts: lists a folder through the ListFiles use case, no server involved', async () => {
    const { stdout } = await run(process.execPath, ['--conditions=development', '--import', 'tsx', example('no-http.ts'), docs.dir]);
    assert.match(stdout, /^file\t17\tnotes\.txt$/m);
    assert.match(stdout, /^folder\t\d+\tnew$/m, 'sees the folder the editor made over HTTP');
  });
});
