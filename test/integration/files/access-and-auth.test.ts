import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { filesClient } from '../../support/files-client.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';

const SECRET = 'a-test-secret-of-sufficient-length';
const token = (claims: Record<string, unknown>, expiresIn = '5m') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(expiresIn).sign(new TextEncoder().encode(SECRET));

/** One changing action per permission flag, with what it needs to succeed. */
const ACTIONS: { action: string; flag: string; form: Record<string, string> }[] = [
  { action: 'fileRemove', flag: 'FILE_REMOVE', form: { path: '', name: 'a.txt' } },
  { action: 'fileMove', flag: 'FILE_MOVE', form: { from: 'a.txt', path: 'sub/' } },
  { action: 'fileRename', flag: 'FILE_RENAME', form: { path: '', name: 'a.txt', newname: 'z.txt' } },
  { action: 'folderCreate', flag: 'FOLDER_CREATE', form: { path: '', name: 'made' } },
  { action: 'folderRemove', flag: 'FOLDER_REMOVE', form: { path: '', name: 'sub' } },
  { action: 'folderMove', flag: 'FOLDER_MOVE', form: { from: 'sub/', path: 'other/' } },
  { action: 'folderRename', flag: 'FOLDER_RENAME', form: { path: '', name: 'sub', newname: 'sub2' } },
  { action: 'folders', flag: 'FOLDERS', form: { path: '' } },
  { action: 'files', flag: 'FILES', form: { path: '' } },
];

describe('file connector access control and authentication over HTTP', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let server: RunningServer;
  const snapshot = async () => JSON.stringify([await readdir(root), await readdir(path.join(root, 'sub')), await readdir(path.join(root, 'other'))]);

  before(async () => {
    temp = await makeTempDir();
    root = path.join(temp.dir, 'root');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await mkdir(path.join(root, 'other'));
    await writeFile(path.join(root, 'a.txt'), 'a');
    server = await startTestServer(
      {
        files: {
          sources: { docs: { root } },
          accessControl: [
            { role: 'reader', FILES: true },
            { role: 'uploader', FILE_UPLOAD: true, extensions: ['txt'] },
            { role: 'scoped', path: 'sub', FILE_UPLOAD: true },
          ],
        },
      },
      {
        checkAuthentication: async (req) => {
          const role = req.get('x-role');
          if (role === 'throws') throw new Error('user store at /srv/secret is down');
          if (role === 'hangs-then-throws') await new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 50));
          return role ?? 'guest';
        },
      },
    );
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  for (const { action, flag, form } of ACTIONS) {
    it(`${action} needs ${flag}: 403 without it, and nothing changes`, async () => {
      const before = await snapshot();
      const role = flag === 'FILES' ? 'nobody' : 'reader';
      const answer = await filesClient(server, { 'x-role': role }).post(action, form);
      assert.equal(answer.status, 403, JSON.stringify(answer.body));
      assert.equal(answer.body.success, false);
      assert.equal(answer.body.data.code, 403);
      assert.equal(await snapshot(), before);
    });
  }

  it('uploads: the extension and path scopes of a rule hold', async () => {
    const uploader = filesClient(server, { 'x-role': 'uploader' });
    assert.equal((await uploader.upload([{ name: 'ok.txt', content: 'x' }])).status, 200);
    assert.equal((await uploader.upload([{ name: 'pic.png', content: 'x' }])).status, 403);
    const scoped = filesClient(server, { 'x-role': 'scoped' });
    assert.equal((await scoped.upload([{ name: 'in.txt', content: 'x' }], { path: 'sub/' })).status, 200);
    assert.equal((await scoped.upload([{ name: 'out.txt', content: 'x' }], { path: '' })).status, 403);
  });

  it('a callback that throws is a 401 that reveals nothing, and the action never runs', async () => {
    for (const role of ['throws', 'hangs-then-throws']) {
      const answer = await filesClient(server, { 'x-role': role }).post('folderCreate', { path: '', name: 'never' });
      assert.equal(answer.status, 401);
      assert.doesNotMatch(JSON.stringify(answer.body), /srv|secret|store|timeout/);
    }
    assert.ok(!(await readdir(root)).includes('never'));
  });

  it('two roles at the same time never see each other\'s answers', async () => {
    const asks = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'reader' : 'nobody'));
    const answers = await Promise.all(asks.map((role) => filesClient(server, { 'x-role': role }).get('action=files')));
    answers.forEach((answer, i) => assert.equal(answer.status, asks[i] === 'reader' ? 200 : 403));
  });

  it('answers a preflight for an upload (X-Requested-With) without authentication', async () => {
    const response = await fetch(`${server.url}/?action=fileUpload`, {
      method: 'OPTIONS',
      headers: { origin: 'https://editor.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-requested-with', 'x-role': 'throws' },
    });
    assert.ok(response.status >= 200 && response.status < 300);
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /X-Requested-With/i);
  });
});

describe('the jwt authenticator', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let server: RunningServer;
  before(async () => {
    temp = await makeTempDir();
    server = await startTestServer({
      files: {
        sources: { docs: { root: temp.dir } },
        auth: { type: 'jwt', secret: SECRET },
        accessControl: [{ role: 'editor', FILES: true }],
      },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });
  const list = (headers: Record<string, string>) => fetch(`${server.url}/?action=files`, { headers });

  it('reads the role from a Bearer token or the cookie; no token means the default role', async () => {
    assert.equal((await list({ authorization: `Bearer ${await token({ role: 'editor' })}` })).status, 200);
    assert.equal((await list({ cookie: `access_token=${await token({ role: 'editor' })}` })).status, 200);
    assert.equal((await list({})).status, 403, 'guest may not list here');
  });

  it('answers 401 for an expired, forged or role-less token', async () => {
    assert.equal((await list({ authorization: `Bearer ${await token({ role: 'editor' }, '-1m')}` })).status, 401);
    const forged = await new SignJWT({ role: 'editor' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-entirely-here'));
    assert.equal((await list({ authorization: `Bearer ${forged}` })).status, 401);
    assert.equal((await list({ authorization: `Bearer ${await token({ sub: 'x' })}` })).status, 401);
    assert.equal((await list({ authorization: 'Bearer not.a.jwt' })).status, 401);
  });
});
