import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RunningServer } from '../../src/adapters/inbound/http/server.js';
import type { FakeUpstream } from '../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../support/fakes/openai-chat-upstream.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestServer } from '../support/test-server.js';

const SHOT = path.resolve('reports/e2e/demo-page.png');

describe('the /demo page in headless Chromium', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let upstream: FakeUpstream;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    temp = await makeTempDir();
    await writeFile(path.join(temp.dir, 'welcome.txt'), 'hello');
    upstream = await startOpenAiChatUpstream();
    server = await startTestServer({
      demo: { enabled: true },
      ai: { providers: { local: { type: 'openai-compatible', apiKey: 'k', baseUrl: `${upstream.url}/v1`, defaultModel: 'demo-model' } } },
      files: { sources: { default: { root: temp.dir, baseurl: '/files/default/' } }, accessControl: [{ role: 'guest', FILES: true, FOLDERS: true, FILE_UPLOAD: true }] },
    });
    await mkdir(path.dirname(SHOT), { recursive: true });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${server.url}/demo`);
  });
  after(async () => {
    await browser?.close();
    await server?.close(0);
    await upstream?.close();
    await temp?.remove();
  });

  it('browses the files of the connector', async () => {
    await page.evaluate(() => (window as any).editor.filebrowser.open());
    await page.locator('.jodit-file-browser-files__item[data-name="welcome.txt"]').waitFor();
    await page.evaluate(() => (window as any).editor.filebrowser.close());
  });

  it('streams a reply from the provider and inserts it into the document', async () => {
    upstream.respondWith({ kind: 'text', chunks: ['Editors ', 'make ', 'writing ', 'pleasant.'], usage: { input: 5, output: 4 } });
    await page.locator('#ai-provider option[value="local"]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('#client-key').textContent(), '00000000-0000-4000-8000-000000000000');
    await page.locator('#ai-ask').click();
    await page.waitForFunction(() => document.getElementById('ai-status')?.textContent?.startsWith('Done'));
    assert.equal(await page.locator('#ai-output').textContent(), 'Editors make writing pleasant.');
    await page.locator('#ai-insert').click();
    assert.match(await page.evaluate(() => (window as any).editor.value as string), /Editors make writing pleasant\./);
    await page.screenshot({ path: SHOT, fullPage: true });
  });
});
