import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { hardeningFilesClient } from '../support/files-client.js';
import { countAttacks } from '../support/recorder.js';
import { startHardeningServer } from '../support/server.js';

/** Percent-escapes that do not decode (truncated, not hex, invalid UTF-8) and URLs that do not parse. */
const BROKEN_URLS = [
  '%E0%A4%A', '/files/docs/%E0%A4%A', '/files/docs/%E0%A4%A.png', '/files/docs/%ZZ.png', '/files/docs/%', '/files/docs/a%2', '/files/docs/%C0%AE%C0%AE/x.png',
  '/files/docs/%FF%FE.png', '/files/docs/%ED%A0%80.png', 'http://[::1', 'http://exa mple.com/x.png', 'http://%zz/x.png', 'https://', '//',
];

describe('malformed percent-escapes and URLs are 400, never 500', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let server: RunningServer;
  before(async () => {
    temp = await makeTempDir('hardening-escapes-');
    await mkdir(path.join(temp.dir, 'root'));
    await writeFile(path.join(temp.dir, 'root', 'real.png'), 'not really a png');
    server = await startHardeningServer('paths/malformed-escapes', {
      files: { sources: { docs: { root: path.join(temp.dir, 'root'), baseurl: '/files/docs/' } }, accessControl: [{ role: 'guest', FILES: true, FOLDERS: true, FILE_DOWNLOAD: true }] },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  // Regression: decodeURIComponent's URIError (and new URL's TypeError) were answered 500.
  for (const url of BROKEN_URLS) {
    it(`getLocalFileByUrl ${JSON.stringify(url)}: 400 with the error body, by GET and by POST`, async () => {
      countAttacks();
      const client = hardeningFilesClient(server);
      for (const answer of [await client.get(`action=getLocalFileByUrl&url=${encodeURIComponent(url)}`), await client.post('getLocalFileByUrl', { url })]) {
        assert.equal(answer.status, 400, answer.text);
        assert.equal(answer.body.success, false);
        assert.equal(answer.body.data.code, 400);
        assert.equal(answer.body.data.messages.length, 1);
      }
    });
  }

  it('still maps a good URL, and answers 404 for one under no source', async () => {
    const client = hardeningFilesClient(server);
    const good = await client.get(`action=getLocalFileByUrl&url=${encodeURIComponent('/files/docs/real.png')}`);
    assert.equal(good.status, 200, good.text);
    assert.deepEqual({ path: good.body.data.path, name: good.body.data.name, source: good.body.data.source }, { path: '', name: 'real.png', source: 'docs' });
    for (const elsewhere of ['https://elsewhere.example/x.png', '\\\\server\\share\\x.png']) {
      assert.equal((await client.get(`action=getLocalFileByUrl&url=${encodeURIComponent(elsewhere)}`)).status, 404, elsewhere);
    }
  });

  it('the other actions and the served files answer a client error to the same escapes', async () => {
    const client = hardeningFilesClient(server);
    for (const raw of ['%E0%A4%A', '%ZZ', '%', '%C0%AE%C0%AE', '%ED%A0%80']) {
      countAttacks();
      for (const answer of [
        await client.get(`action=files&path=${raw}`),
        await client.get(`action=folders&path=${raw}`),
        await client.get(`action=fileDownload&path=&name=${raw}`),
        await client.fetch(`/files/docs/${raw}`),
        await client.fetch(`/files/docs/${raw}/real.png`),
        await client.fetch(`/icons/${raw}.svg`),
      ]) {
        assert.ok(answer.status >= 400 && answer.status < 500, `${raw}: ${answer.status} ${answer.text}`);
        assert.equal(answer.body.success, false, answer.text);
      }
    }
  });
});
