import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import pino from 'pino';
import { chromium, type Browser, type Page } from 'playwright-core';
import { listen, type RunningServer } from '../../src/adapters/inbound/http/server.js';
import { parseConfig } from '../../src/config/load-config.js';
import { createHost } from '../../src/composition/http-host.js';
import { startListener, type Listener } from '../support/http-listener.js';
import { makeImage } from '../support/images.js';
import { makeTempDir } from '../support/temp-dir.js';

const JODIT = path.resolve('node_modules/jodit/es2021');
const SHOTS = path.resolve('reports/e2e');
const ALL = {
  FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_REMOVE: true, FILE_MOVE: true, FILE_RENAME: true, FILE_DOWNLOAD: true,
  FOLDER_CREATE: true, FOLDER_REMOVE: true, FOLDER_MOVE: true, FOLDER_RENAME: true, IMAGE_RESIZE: true, IMAGE_CROP: true,
};

/** The editor page: Jodit from npm, its file browser and uploader pointed at the connector, 4xx answers shown as messages. */
const page = (connector: string) => `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="/jodit.css"><script src="/jodit.js"></script>
<textarea id="editor"></textarea>
<script>
  window.editor = Jodit.make('#editor', {
    filebrowser: { ajax: { url: '${connector}', successStatuses: [200, 201, 202, 400, 403, 404, 409, 413, 415] } },
    uploader: { url: '${connector}?action=fileUpload' },
  });
</script>`;

const launch = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

for (const origin of ['same origin', 'another origin'] as const) {
  describe(`the real Jodit file browser, page on ${origin}`, () => {
    let temp: Awaited<ReturnType<typeof makeTempDir>>;
    let root: string;
    let backend: RunningServer;
    let site: Listener | undefined;
    let browser: Browser;
    let tab: Page;
    const corsAnswers: string[] = [];
    const shot = (name: string) => tab.screenshot({ path: path.join(SHOTS, `file-browser-${origin.replace(' ', '-')}-${name}.png`) });
    const item = (name: string) => tab.locator(`.jodit-file-browser-files__item[data-name="${name}"]`);
    const folder = (name: string) => tab.locator(`.jodit-file-browser-tree__item[data-name="${name}"]`);
    const answerFor = (action: string) =>
      tab.waitForResponse((r) => r.url().startsWith(backend.url) && r.request().method() === 'POST' && (r.url().includes(`action=${action}`) || (r.request().postData() ?? '').includes(`action=${action}`)));
    const promptAnswer = async (text: string) => {
      const input = tab.locator('.jodit-dialog_prompt input.jodit-input, .jodit-dialog input.jodit-input').last();
      await input.waitFor();
      await input.fill(text);
      await tab.locator('.jodit-dialog button.jodit-ui-button_ok, .jodit-dialog [data-ref="ok"]').last().click();
    };
    const contextMenu = async (name: string, entry: string) => {
      await item(name).click({ button: 'right' });
      await tab.locator('.jodit-context-menu button, .jodit-context-menu [role="menuitem"]').filter({ hasText: entry }).first().click();
    };

    before(async () => {
      await mkdir(SHOTS, { recursive: true });
      temp = await makeTempDir();
      root = path.join(temp.dir, 'files');
      await mkdir(path.join(root, 'reports'), { recursive: true });
      await writeFile(path.join(root, 'notes.txt'), 'notes');
      await writeFile(path.join(root, 'old.txt'), 'old');
      await writeFile(path.join(root, 'photo.png'), await makeImage(320, 200, 'png'));
      await writeFile(path.join(root, 'reports', 'q1.txt'), 'q1');
      await writeFile(path.join(temp.dir, 'upload-me.txt'), 'uploaded through the browser');
      const config = parseConfig({ host: '127.0.0.1', port: 0, files: { sources: { default: { root, baseurl: '/files/default/' } }, accessControl: [{ role: 'guest', ...ALL }] } }, {});
      const { app } = createHost(config, { logger: pino({ level: 'silent' }) });
      const script = await readFile(path.join(JODIT, 'jodit.min.js'));
      const style = await readFile(path.join(JODIT, 'jodit.min.css'));
      const assets = express.Router();
      assets.get('/jodit.js', (_req, res) => void res.type('text/javascript').send(script));
      assets.get('/jodit.css', (_req, res) => void res.type('text/css').send(style));
      if (origin === 'same origin') {
        const outer = express();
        outer.use(assets);
        outer.get('/editor.html', (_req, res) => void res.type('html').send(page('/')));
        outer.use(app);
        backend = await listen(outer, '127.0.0.1', 0);
      } else {
        backend = await listen(app, '127.0.0.1', 0);
        site = await startListener((req, res) => {
          if (req.url === '/jodit.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
          if (req.url === '/jodit.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end(style);
          res.writeHead(200, { 'content-type': 'text/html' }).end(page(`${backend.url}/`));
        });
      }
      browser = await launch();
      tab = await browser.newPage();
      tab.on('response', (response) => {
        const allowed = response.headers()['access-control-allow-origin'];
        if (response.url().startsWith(backend.url) && allowed) corsAnswers.push(allowed);
      });
      await tab.goto(site ? site.url.replace('127.0.0.1', 'localhost') : `${backend.url}/editor.html`);
      await tab.evaluate(() => (window as any).editor.filebrowser.open());
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      await backend?.close(0);
      await temp?.remove();
    });

    it('shows the files and folders of the source', async () => {
      await item('notes.txt').waitFor();
      await folder('reports').waitFor();
      assert.equal(await item('photo.png').count(), 1);
      assert.match((await item('notes.txt').locator('img').getAttribute('src')) ?? '', /\/icons\/txt\.svg$/);
      await shot('1-listing');
    });

    it('navigates into a folder and back', async () => {
      await folder('reports').click();
      await item('q1.txt').waitFor();
      await folder('..').click();
      await item('notes.txt').waitFor();
    });

    it('uploads a file', async () => {
      const answered = answerFor('fileUpload');
      await tab.locator('.jodit-dialog input[type="file"]').first().setInputFiles(path.join(temp.dir, 'upload-me.txt'));
      assert.equal((await answered).status(), 200);
      await item('upload-me.txt').waitFor();
      assert.equal(await readFile(path.join(root, 'upload-me.txt'), 'utf8'), 'uploaded through the browser');
    });

    it('renames a file', async () => {
      const answered = answerFor('fileRename');
      await contextMenu('old.txt', 'Rename');
      await promptAnswer('renamed.txt');
      assert.equal((await answered).status(), 200);
      await item('renamed.txt').waitFor();
      assert.ok((await readdir(root)).includes('renamed.txt'));
    });

    it('deletes a file', async () => {
      const answered = answerFor('fileRemove');
      await contextMenu('renamed.txt', 'Delete'); // this Jodit version removes at once, without a confirmation
      assert.equal((await answered).status(), 200);
      await item('renamed.txt').waitFor({ state: 'detached' });
      assert.ok(!(await readdir(root)).includes('renamed.txt'));
    });

    it('creates a folder', async () => {
      const answered = answerFor('folderCreate');
      await tab.locator('.jodit-file-browser-tree button, .jodit-file-browser-tree .jodit-ui-button').filter({ hasText: /Add folder/i }).first().click();
      await promptAnswer('made-in-browser');
      assert.equal((await answered).status(), 200);
      await folder('made-in-browser').waitFor();
      assert.ok((await readdir(root)).includes('made-in-browser'));
      await shot('2-after-changes');
    });

    it('inserts an image into the editor, and it loads', async () => {
      await tab.evaluate(() => {
        const editor = (window as any).editor;
        editor.filebrowser.close();
        editor.filebrowser.open((data: { baseurl: string; files: string[] }) => data.files.forEach((file) => editor.s.insertImage(data.baseurl + file)));
      });
      await item('photo.png').dblclick();
      const image = tab.locator('.jodit-wysiwyg img');
      await image.waitFor();
      await tab.waitForFunction(() => {
        const img = document.querySelector('.jodit-wysiwyg img') as HTMLImageElement | null;
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      assert.equal(await image.evaluate((img: HTMLImageElement) => img.naturalWidth), 320);
      assert.match((await image.getAttribute('src')) ?? '', /^http:\/\/127\.0\.0\.1:\d+\/files\/default\/photo\.png$/);
      await shot('3-image-inserted');
      if (origin === 'another origin') {
        assert.ok(corsAnswers.length > 0, 'the connector answered the page\'s origin with CORS headers');
        assert.ok(corsAnswers.every((allowed) => allowed === '*' || allowed === new URL(tab.url()).origin));
      }
    });
  });
}
