import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RunningServer } from '../../src/adapters/inbound/http/server.js';
import { startListener, type Listener } from '../support/http-listener.js';
import { dimensionsOf, makeImage } from '../support/images.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestServer } from '../support/test-server.js';

const JODIT = path.resolve('node_modules/jodit/es2021');

/**
 * The real Jodit file browser and image editor, in headless Chromium, against
 * the real host: right-click an image, Edit, change the width, Save.
 */
describe('Jodit image editor end to end', () => {
  let backend: RunningServer;
  let site: Listener;
  let browser: Browser;
  let page: Page;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;

  before(async () => {
    temp = await makeTempDir();
    await writeFile(path.join(temp.dir, 'photo.jpg'), await makeImage(800, 600, 'jpeg'));
    backend = await startTestServer({
      files: { sources: { default: { root: temp.dir, baseurl: '/files/default/' } }, accessControl: [{ role: 'guest', FILES: true, IMAGE_RESIZE: true, IMAGE_CROP: true }] },
    });
    const script = await readFile(path.join(JODIT, 'jodit.min.js'));
    const style = await readFile(path.join(JODIT, 'jodit.min.css'));
    site = await startListener((req, res) => {
      if (req.url === '/jodit.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      if (req.url === '/jodit.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end(style);
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><link rel="stylesheet" href="/jodit.css"><script src="/jodit.js"></script><textarea id="editor"></textarea>
         <script>window.editor = Jodit.make('#editor', { filebrowser: { ajax: { url: '${backend.url}/' } } });</script>`,
      );
    });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    page = await browser.newPage();
    await page.goto(site.url);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await backend?.close(0);
    await temp?.remove();
  });

  it('resizes an image from the file browser', async () => {
    await page.evaluate(() => (window as any).editor.filebrowser.open());
    const item = page.locator('.jodit-file-browser-files__item[data-name="photo.jpg"]');
    await item.waitFor();
    assert.match((await item.locator('img').getAttribute('src')) ?? '', /\/files\/default\/\.thumbs\/photo\.jpg/);
    await item.click({ button: 'right' });
    await page.locator('.jodit-context-menu button, .jodit-context-menu [role="menuitem"]').filter({ hasText: 'Edit' }).first().click();
    const width = page.locator('[data-ref="widthInput"]');
    await width.waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-ref="widthInput"]') as HTMLInputElement | null)?.value === '800');
    await width.fill('400');
    await width.dispatchEvent('input');
    const saved = page.waitForResponse((response) => response.url().startsWith(backend.url) && response.request().method() === 'POST');
    await page.locator('button.jodit-ui-button_save').click();
    const response = await saved;
    const body = (await response.json()) as { success: boolean; data: { newPath: string } };
    assert.equal(body.success, true, JSON.stringify(body));
    assert.deepEqual(await dimensionsOf(await readFile(path.join(temp.dir, 'photo.jpg'))), { width: 400, height: 300, format: 'jpeg' });
  });

  it('crops an image from the file browser', async () => {
    const item = page.locator('.jodit-file-browser-files__item[data-name="photo.jpg"]');
    await item.waitFor();
    await item.click({ button: 'right' });
    await page.locator('.jodit-context-menu button, .jodit-context-menu [role="menuitem"]').filter({ hasText: 'Edit' }).first().click();
    await page.locator('[data-area="crop"] .jodit-image-editor__slider-title').click();
    // The crop frame starts inside the image; drag its corner up and left to make it smaller still.
    const corner = page.locator('.jodit-image-editor__area_crop .jodit_bottomright');
    await corner.waitFor();
    const box = (await corner.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 40, box.y - 30, { steps: 5 });
    await page.mouse.up();
    const saved = page.waitForResponse((response) => response.url().startsWith(backend.url) && response.request().postData()?.includes('imageCrop') === true);
    await page.locator('button.jodit-ui-button_save').click();
    const body = (await (await saved).json()) as { success: boolean };
    assert.equal(body.success, true, JSON.stringify(body));
    const after = await dimensionsOf(await readFile(path.join(temp.dir, 'photo.jpg')));
    assert.ok(after.width < 400 && after.height < 300, JSON.stringify(after));
  });
});
