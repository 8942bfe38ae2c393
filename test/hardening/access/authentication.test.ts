import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Request } from 'express';
import { SignJWT, UnsecuredJWT } from 'jose';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { makeImage } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { eventually, snapshotTree } from '../support/disk.js';
import { hardeningFilesClient, type Answer } from '../support/files-client.js';
import { countAttacks, countFaults, recordedFetch, registerSecret } from '../support/recorder.js';
import { startHardeningServer } from '../support/server.js';

const AUTH_TIMEOUT_MS = 300;
/** What the role callback's failure says internally: it must never reach a client. */
const INTERNAL = registerSecret(`user store at /srv/db-${randomUUID()} refused the password`);
const SESSION = registerSecret(`session-${randomUUID()}`);

type Client = ReturnType<typeof hardeningFilesClient>;

/** Every action, with parameters that would succeed for a role allowed everything. */
const ACTIONS: [string, (c: Client) => Promise<Answer>][] = [
  ['files', (c) => c.get('action=files&path=')],
  ['folders', (c) => c.post('folders', { path: '' })],
  ['permissions', (c) => c.get('action=permissions')],
  ['fileUpload', (c) => c.upload([{ name: 'planted.txt', content: 'planted' }])],
  ['fileRemove', (c) => c.post('fileRemove', { path: '', name: 'a.txt' })],
  ['fileMove', (c) => c.post('fileMove', { from: 'a.txt', path: 'sub' })],
  ['fileRename', (c) => c.post('fileRename', { path: '', name: 'a.txt', newname: 'renamed.txt' })],
  ['folderCreate', (c) => c.post('folderCreate', { path: '', name: 'planted' })],
  ['folderRemove', (c) => c.post('folderRemove', { path: '', name: 'sub' })],
  ['folderMove', (c) => c.post('folderMove', { from: 'sub', path: 'other' })],
  ['folderRename', (c) => c.post('folderRename', { path: '', name: 'sub', newname: 'sub2' })],
  ['fileDownload', (c) => c.get('action=fileDownload&path=&name=a.txt')],
  ['getLocalFileByUrl', (c) => c.get(`action=getLocalFileByUrl&url=${encodeURIComponent('/files/docs/a.txt')}`)],
  ['imageResize', (c) => c.post('imageResize', { path: '', name: 'p.png', box: '4,4' })],
  ['imageCrop', (c) => c.post('imageCrop', { path: '', name: 'p.png', box: '0,0,4,4' })],
  ['fileUploadRemote', (c) => c.post('fileUploadRemote', { path: '', url: 'http://127.0.0.1:9/never.txt' })],
  ['generatePdf', (c) => c.post('generatePdf', { html: '<p>x</p>' })],
  ['generateDocx', (c) => c.post('generateDocx', { html: '<p>x</p>' })],
];

/** How the role callback misbehaves, chosen by the `x-behaviour` header. */
const BEHAVIOURS = ['throws', 'throws-a-string', 'rejects', 'hangs', 'answers-late', 'returns-a-number', 'returns-an-object', 'unknown-session'] as const;

const roleCallback = async (req: Request): Promise<string> => {
  switch (req.get('x-behaviour')) {
    case 'throws':
      throw new Error(INTERNAL);
    case 'throws-a-string':
      throw INTERNAL;
    case 'rejects':
      return Promise.reject(new TypeError(INTERNAL));
    case 'hangs':
      return new Promise<string>(() => undefined);
    case 'answers-late':
      return new Promise<string>((resolve) => setTimeout(() => resolve('admin'), AUTH_TIMEOUT_MS * 3));
    case 'returns-a-number':
      return 42 as unknown as string;
    case 'returns-an-object':
      return { role: 'admin' } as unknown as string;
    case 'unknown-session':
      throw new Error(`no session ${req.cookies?.sid as string}`);
    default:
      return (req.cookies as Record<string, string> | undefined)?.sid === SESSION ? 'admin' : 'guest';
  }
};

describe('authentication comes first, and a failing role callback is a 401', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let server: RunningServer;
  before(async () => {
    temp = await makeTempDir('hardening-auth-');
    root = path.join(temp.dir, 'root');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await mkdir(path.join(root, 'other'));
    await writeFile(path.join(root, 'a.txt'), 'a');
    await writeFile(path.join(root, 'p.png'), await makeImage(8, 8));
    server = await startHardeningServer(
      'access/authentication',
      {
        files: {
          sources: { docs: { root, baseurl: '/files/docs/' } },
          authTimeoutMs: AUTH_TIMEOUT_MS,
          accessControl: [{ role: 'admin', FILES: true, FOLDERS: true, FILE_DOWNLOAD: true, FOLDER_CREATE: true }],
          thumbnails: { enabled: false },
        },
      },
      { checkAuthentication: roleCallback },
    );
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  const assertRefused = (answer: Answer, where: string) => {
    assert.equal(answer.status, 401, `${where}: ${answer.text}`);
    assert.equal(answer.headers.get('content-type')?.split(';')[0], 'application/json', where);
    assert.deepEqual(Object.keys(answer.body).sort(), ['data', 'success'], where);
    assert.equal(answer.body.success, false, where);
    assert.deepEqual(Object.keys(answer.body.data).sort(), ['code', 'messages'], where);
    assert.equal(answer.body.data.code, 401, where);
    assert.equal(answer.body.data.messages.length, 1, where);
    assert.doesNotMatch(answer.text, /srv|password|session-|store|Error|at \//, `${where}: the callback's message stays inside`);
  };

  for (const behaviour of BEHAVIOURS) {
    it(`a callback that ${behaviour.replaceAll('-', ' ')}: every action is refused with 401 and nothing runs`, { timeout: 30_000 }, async () => {
      const before = await snapshotTree(root);
      countFaults(ACTIONS.length);
      const headers = { 'x-behaviour': behaviour, cookie: `sid=${behaviour === 'unknown-session' ? 'forged-session-id' : SESSION}` };
      // All at once: the hanging ones each wait out the timeout, side by side.
      const answers = await Promise.all(ACTIONS.map(([, send]) => send(hardeningFilesClient(server, headers))));
      answers.forEach((answer, i) => assertRefused(answer, `${ACTIONS[i]![0]} (${behaviour})`));
      if (behaviour === 'hangs' || behaviour === 'answers-late') assert.ok(answers.every((a) => a.body.data.messages[0] === 'Authentication timed out'));
      if (behaviour === 'answers-late') await new Promise((resolve) => setTimeout(resolve, AUTH_TIMEOUT_MS * 4)); // the late "admin" must change nothing
      assert.deepEqual(await snapshotTree(root), before, `${behaviour}: the disk is untouched`);
    });
  }

  it('parameters are checked only after authentication: a bad request with a failing callback is 401, not 400', async () => {
    const client = hardeningFilesClient(server, { 'x-behaviour': 'throws' });
    assertRefused(await client.post('fileRename', { path: '\u0000', name: '../..' }), 'fileRename with bad parameters');
    assertRefused(await client.get('action=files&mods[limit]=-1'), 'files with bad mods');
    assertRefused(await client.post('imageResize', { name: 'p.png', box: 'nonsense' }), 'imageResize with a bad box');
  });

  it('the same requests with a good session do run (the refusals above were not for another reason)', async () => {
    const client = hardeningFilesClient(server, { cookie: `sid=${SESSION}` });
    assert.equal((await client.get('action=files&path=')).status, 200);
    assert.equal((await client.post('folderCreate', { path: '', name: 'made-by-admin' })).status, 200);
    await eventually(async () => Object.keys(await snapshotTree(root)).includes('made-by-admin'), 'the folder exists');
    const guest = hardeningFilesClient(server);
    assert.equal((await guest.post('folderCreate', { path: '', name: 'made-by-guest' })).status, 403);
  });

  it('a hanging callback does not hold the upload body: nothing of it reaches the disk', { timeout: 30_000 }, async () => {
    countFaults();
    const answer = await hardeningFilesClient(server, { 'x-behaviour': 'hangs' }).upload([{ name: 'held.txt', content: 'x'.repeat(256 * 1024) }]);
    assertRefused(answer, 'upload while the callback hangs');
    assert.ok(!Object.keys(await snapshotTree(root)).some((name) => name.includes('held') || name.includes('.tmp-')));
  });

  it('files.authTimeoutMs defaults to 10 s', () => {
    assert.equal(parseConfig({ files: {} }, {}).files?.authTimeoutMs, 10_000);
    assert.throws(() => parseConfig({ files: { authTimeoutMs: 0 } }, {}), /files\.authTimeoutMs/);
  });
});

describe('the JWT authenticator refuses every token it should, and never echoes one', () => {
  const secret = registerSecret(`auth-jwt-secret-${randomUUID()}`);
  const key = new TextEncoder().encode(secret);
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let server: RunningServer;
  before(async () => {
    temp = await makeTempDir('hardening-jwt-');
    server = await startHardeningServer('access/jwt', {
      files: { sources: { docs: { root: temp.dir } }, auth: { type: 'jwt', secret }, accessControl: [{ role: 'editor', FILES: true }] },
    });
  });
  after(async () => {
    await server.close(0);
    await temp.remove();
  });

  it('bad tokens are 401 by header and by cookie; a good one lists; no answer or log line holds a token', async () => {
    const sign = (claims: Record<string, unknown>, expires: string, with_ = key) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expires).sign(with_);
    const bad = {
      expired: await sign({ role: 'editor' }, '-1m'),
      'another secret': await sign({ role: 'editor' }, '5m', new TextEncoder().encode(`another-${secret}`)),
      'alg none': new UnsecuredJWT({ role: 'editor' }).setExpirationTime('5m').encode(),
      'no role claim': await sign({ sub: 'someone' }, '5m'),
      'empty role': await sign({ role: '' }, '5m'),
      'role not a string': await sign({ role: ['editor'] }, '5m'),
      truncated: (await sign({ role: 'editor' }, '5m')).slice(0, -5),
      garbage: `not.a.token-${randomUUID()}`,
    };
    for (const [what, token] of Object.entries(bad)) {
      registerSecret(token);
      countAttacks(2);
      for (const headers of [{ authorization: `Bearer ${token}` }, { cookie: `access_token=${token}` }] as Record<string, string>[]) {
        const { response, text } = await recordedFetch(`${server.url}/?action=files`, { headers });
        assert.equal(response.status, 401, `${what}: ${text}`);
        assert.deepEqual(JSON.parse(text), { success: false, data: { code: 401, messages: ['Invalid or expired token'] } }, what);
      }
    }
    const good = registerSecret(await sign({ role: 'editor' }, '5m'));
    assert.equal((await recordedFetch(`${server.url}/?action=files`, { headers: { authorization: `Bearer ${good}` } })).response.status, 200);
    assert.equal((await recordedFetch(`${server.url}/?action=files`, { headers: { cookie: `access_token=${good}` } })).response.status, 200);
    assert.equal((await recordedFetch(`${server.url}/?action=files`)).response.status, 403, 'no token: the default role, which may not list here');
  });
});

describe('AI keys are never echoed', () => {
  const providerKey = registerSecret(`sk-hardening-${randomUUID()}`);
  const clientKey = registerSecret(randomUUID());
  let server: RunningServer;
  before(async () => {
    server = await startHardeningServer('access/ai-keys', {
      ai: { providers: { main: { type: 'openai-compatible', apiKey: providerKey, baseUrl: 'http://127.0.0.1:9/v1', defaultModel: 'm' } }, auth: { apiKeys: [clientKey] } },
    });
  });
  after(async () => {
    await server.close(0);
  });

  it('providers, health and refused keys answer without the provider or client key', async () => {
    const providers = await recordedFetch(`${server.url}/ai/providers`, { headers: { authorization: `Bearer ${clientKey}` } });
    assert.equal(providers.response.status, 200, providers.text);
    assert.equal(JSON.parse(providers.text).providers[0].configured, true);
    assert.equal((await recordedFetch(`${server.url}/ai/providers?key=${clientKey}`)).response.status, 200);
    assert.equal((await recordedFetch(`${server.url}/ai/health`)).response.status, 200);
    const unknown = randomUUID();
    registerSecret(unknown);
    countAttacks(3);
    for (const headers of [{ authorization: `Bearer ${unknown}` }, { 'x-api-key': unknown }, { 'x-api-key': `${clientKey}x` }] as Record<string, string>[]) {
      const refused = await recordedFetch(`${server.url}/ai/providers`, { headers });
      assert.equal(refused.response.status, 401, refused.text);
    }
  });
});

describe("an embedder's AI check that hangs or fails is a 401", () => {
  const clientKey = registerSecret(randomUUID());
  const internal = registerSecret(`token store at redis://:${randomUUID()}@db refused`);
  let server: RunningServer;
  before(async () => {
    server = await startHardeningServer(
      'access/ai-check',
      { ai: { providers: { main: { type: 'openai-compatible', apiKey: registerSecret(`sk-${randomUUID()}`), baseUrl: 'http://127.0.0.1:9/v1', defaultModel: 'm' } }, auth: { timeoutMs: AUTH_TIMEOUT_MS } } },
      {
        checkAiAuthentication: async ({ req }) => {
          const behaviour = req.get('x-behaviour');
          if (behaviour === 'hangs') return new Promise<string>(() => undefined);
          if (behaviour === 'throws') throw new Error(internal);
          return 'user-1';
        },
      },
    );
  });
  after(async () => {
    await server.close(0);
  });

  for (const behaviour of ['hangs', 'throws']) {
    it(`a check that ${behaviour} refuses /ai/providers and /ai/request with a JSON 401`, { timeout: 30_000 }, async () => {
      countFaults(2);
      for (const [route, init] of [
        ['/ai/providers', {}],
        ['/ai/request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ provider: 'main', context: { mode: 'full', messages: [{ role: 'user', content: 'hi' }] } }) }],
      ] as [string, RequestInit][]) {
        const { response, text } = await recordedFetch(`${server.url}${route}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${clientKey}`, 'x-behaviour': behaviour } });
        assert.equal(response.status, 401, `${route}: ${text}`);
        assert.equal(JSON.parse(text).success, false);
      }
    });
  }

  it('the same key with a check that answers is let in', async () => {
    const { response, text } = await recordedFetch(`${server.url}/ai/providers`, { headers: { authorization: `Bearer ${clientKey}` } });
    assert.equal(response.status, 200, text);
  });
});
