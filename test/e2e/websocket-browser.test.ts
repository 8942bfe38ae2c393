import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type RunningEditorBackend } from '../../src/index.js';
import { CLIENT_KEY } from '../support/ai-server.js';
import type { FakeUpstream } from '../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../support/fakes/openai-chat-upstream.js';

/** Runs in the page: the browser's own WebSocket, a request, events until `until` arrives; optional cancel after the first delta. */
const converse = (page: Page, url: string, cancelAfterFirstDelta: boolean, until: string) =>
  page.evaluate(
    ({ url, cancelAfterFirstDelta, until }) =>
      new Promise<Array<{ type: string; delta?: string; response?: { content: string } }>>((resolve, reject) => {
        const events: Array<{ type: string }> = [];
        const socket = new WebSocket(url);
        socket.onerror = () => reject(new Error('socket error'));
        socket.onopen = () =>
          socket.send(
            JSON.stringify({ type: 'request', provider: 'local', context: { mode: 'full', messages: [{ id: '1', role: 'user', content: 'from the browser', timestamp: 1 }] } }),
          );
        socket.onmessage = (message) => {
          const event = JSON.parse(message.data as string);
          events.push(event);
          if (cancelAfterFirstDelta && event.type === 'text-delta') socket.send(JSON.stringify({ type: 'cancel' }));
          if (event.type === until || event.type === 'error') {
            socket.close();
            resolve(events);
          }
        };
      }),
    { url, cancelAfterFirstDelta, until },
  );

describe('text generation over WebSocket from headless Chromium', () => {
  let upstream: FakeUpstream;
  let running: RunningEditorBackend;
  let browser: Browser;
  let page: Page;
  let wsUrl: string;

  before(async () => {
    upstream = await startOpenAiChatUpstream();
    running = await startServer({
      host: '127.0.0.1',
      port: 0,
      logLevel: 'silent',
      ai: { providers: { local: { type: 'openai-compatible', apiKey: 'sk-browser-ws', baseUrl: `${upstream.url}/v1`, defaultModel: 'm' } } },
    });
    wsUrl = `${running.url.replace('http', 'ws')}/ai/ws?key=${CLIENT_KEY}`;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    page = await browser.newPage();
    await page.goto(`${running.url}/ai/health`);
  });
  after(async () => {
    await browser?.close();
    await running?.close(0);
    await upstream?.close();
  });

  it('streams the reply as created, text-delta…, completed, with the key in the URL as browsers must send it', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Sockets ', 'in ', 'a browser.'], usage: { input: 3, output: 3 } });
    const events = await converse(page, wsUrl, false, 'completed');
    assert.deepEqual(events.map((e) => e.type), ['created', 'text-delta', 'text-delta', 'text-delta', 'completed']);
    assert.equal(events.at(-1)!.response!.content, 'Sockets in a browser.');
    assert.match(JSON.stringify(upstream.lastRequest().body), /from the browser/);
  });

  it('cancels from the browser: a cancelled event, and the provider call is aborted', async () => {
    upstream.respondWith({ kind: 'stall', chunks: ['Never ', 'ends'] });
    const events = await converse(page, wsUrl, true, 'cancelled');
    assert.equal(events.at(-1)!.type, 'cancelled');
    for (let waited = 0; !upstream.lastRequest().aborted && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    assert.ok(upstream.lastRequest().aborted, 'the fake provider saw the request go away');
  });
});
