import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { startListener, type Listener } from '../../support/http-listener.js';
import { makeImage } from '../../support/images.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { snapshotTree } from '../support/disk.js';
import { hardeningFilesClient, type Answer } from '../support/files-client.js';
import { registerSecret } from '../support/recorder.js';
import { startHardeningServer } from '../support/server.js';
import { allowed, allowedForSomeFile, clientKey, extensionOf, FLAGS, join, ROLES, RULES, type Flag, type Role } from './rule-table.js';

const JWT_SECRET = registerSecret(`matrix-jwt-secret-${createHash('sha256').update(String(Math.random())).digest('hex')}`);
const sha = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex');

type Tree = Record<string, string>;
type Client = ReturnType<typeof hardeningFilesClient>;

/** One request of the matrix: what it asks, which permission checks it needs (all must pass), and the disk it leaves when allowed. */
interface Case {
  label: string;
  send(client: Client): Promise<Answer>;
  needs: [Flag, string, string | undefined][];
  /** Expected tree after success; `changed` marks a file whose bytes must differ, `present` one that must exist. */
  after?(tree: Tree): Tree;
}

const file = (folder: string, name: string): [string, string | undefined] => [join(folder, name), extensionOf(name)];
const removed = (tree: Tree, target: string): Tree => Object.fromEntries(Object.entries(tree).filter(([key]) => key !== target && !key.startsWith(`${target}/`)));
const renamed = (tree: Tree, from: string, to: string): Tree =>
  Object.fromEntries(Object.entries(tree).map(([key, value]) => [key === from ? to : key.startsWith(`${from}/`) ? to + key.slice(from.length) : key, value]));

const UPLOADED = 'uploaded by the matrix';
const REMOTE = 'fetched by the matrix';

const CASES: Record<string, Case[]> = {
  files: ['', 'public', 'system', 'inbox', 'pics'].map((folder) => ({
    label: `/${folder}`,
    send: (c) => c.get(`action=files&path=${encodeURIComponent(folder)}`),
    needs: [['FILES', folder, undefined]],
  })),
  folders: ['', 'public', 'inbox', 'locked'].map((folder) => ({
    label: `/${folder}`,
    send: (c) => c.post('folders', { path: folder }),
    needs: [['FOLDERS', folder, undefined]],
  })),
  fileDownload: [['', 'a.txt'], ['public', 'p.txt'], ['system', 's.txt'], ['inbox', 'i.txt']].map(([folder, name]) => ({
    label: join(folder!, name!),
    send: (c) => c.get(`action=fileDownload&path=${encodeURIComponent(folder!)}&name=${encodeURIComponent(name!)}`),
    needs: [['FILE_DOWNLOAD', ...file(folder!, name!)]],
  })),
  fileUpload: [['', 'new.txt'], ['inbox', 'new.txt'], ['inbox', 'new.png'], ['locked', 'new.txt'], ['', 'new.exe'], ['public', 'new.png']].map(([folder, name]) => ({
    label: join(folder!, name!),
    send: (c) => c.upload([{ name: name!, content: UPLOADED }], { path: folder! }),
    needs: [['FILE_UPLOAD', ...file(folder!, name!)]],
    after: (tree) => ({ ...tree, [join(folder!, name!)]: sha(UPLOADED) }),
  })),
  fileUploadRemote: [['inbox', 'remote.txt'], ['', 'remote.txt'], ['inbox', 'remote.png']].map(([folder, name]) => ({
    label: join(folder!, name!),
    send: (c) => c.post('fileUploadRemote', { path: folder!, url: `${remoteUrl}/${name}` }),
    needs: [['FILE_UPLOAD_REMOTE', ...file(folder!, name!)]],
    after: (tree) => ({ ...tree, [join(folder!, name!)]: sha(REMOTE) }),
  })),
  fileRemove: [['', 'a.txt'], ['public', 'p.txt'], ['public', 'pic.png'], ['locked', 'l.txt'], ['system', 's.txt']].map(([folder, name]) => ({
    label: join(folder!, name!),
    send: (c) => c.post('fileRemove', { path: folder!, name: name! }),
    needs: [['FILE_REMOVE', ...file(folder!, name!)]],
    after: (tree) => removed(tree, join(folder!, name!)),
  })),
  fileRename: [['', 'a.txt', 'a2.txt'], ['', 'b.png', 'b2.png'], ['', 'a.txt', 'a.exe'], ['locked', 'l.txt', 'l2.txt'], ['public', 'p.txt', 'p2.txt']].map(([folder, name, to]) => ({
    label: `${join(folder!, name!)} → ${to}`,
    send: (c) => c.post('fileRename', { path: folder!, name: name!, newname: to! }),
    needs: [['FILE_RENAME', ...file(folder!, name!)], ['FILE_RENAME', ...file(folder!, to!)]],
    after: (tree) => renamed(tree, join(folder!, name!), join(folder!, to!)),
  })),
  fileMove: [
    { from: 'a.txt', dest: 'dirB', spec: false },
    { from: 'b.png', dest: 'dirB', spec: true },
    { from: 'a.txt', dest: 'locked', spec: true },
    { from: 'locked/l.txt', dest: '', spec: false },
    { from: 'public/p.txt', dest: 'dirB', spec: false },
  ].map(({ from, dest, spec }) => {
    const name = path.posix.basename(from);
    const folder = path.posix.dirname(from) === '.' ? '' : path.posix.dirname(from);
    return {
      label: `${from} → /${dest} (${spec ? 'spec' : 'Jodit'} form)`,
      send: (c: Client) => (spec ? c.post('fileMove', { path: folder, dest, name }) : c.post('fileMove', { from, path: dest })),
      needs: [['FILE_MOVE', from, extensionOf(name)], ['FILE_MOVE', join(dest, name), extensionOf(name)]] as Case['needs'],
      after: (tree: Tree) => renamed(tree, from, join(dest, name)),
    };
  }),
  folderCreate: [['', 'made'], ['locked', 'made'], ['public', 'made']].map(([folder, name]) => ({
    label: join(folder!, name!),
    send: (c) => c.post('folderCreate', { path: folder!, name: name! }),
    needs: [['FOLDER_CREATE', join(folder!, name!), undefined]],
    after: (tree) => ({ ...tree, [join(folder!, name!)]: 'dir' }),
  })),
  folderRemove: [['', 'dirA'], ['locked', 'sub'], ['', 'system']].map(([folder, name]) => ({
    label: join(folder!, name!),
    send: (c) => c.post('folderRemove', { path: folder!, name: name! }),
    needs: [['FOLDER_REMOVE', join(folder!, name!), undefined]],
    after: (tree) => removed(tree, join(folder!, name!)),
  })),
  folderRename: [['', 'dirA', 'dirC'], ['locked', 'sub', 'sub2'], ['', 'public', 'open']].map(([folder, name, to]) => ({
    label: `${join(folder!, name!)} → ${to}`,
    send: (c) => c.post('folderRename', { path: folder!, name: name!, newname: to! }),
    needs: [['FOLDER_RENAME', join(folder!, name!), undefined], ['FOLDER_RENAME', join(folder!, to!), undefined]],
    after: (tree) => renamed(tree, join(folder!, name!), join(folder!, to!)),
  })),
  folderMove: [['dirA', 'dirB'], ['dirA', 'locked'], ['locked/sub', 'dirB']].map(([from, dest]) => ({
    label: `${from} → /${dest}`,
    send: (c) => c.post('folderMove', { from: from!, path: dest! }),
    needs: [['FOLDER_MOVE', from!, undefined], ['FOLDER_MOVE', join(dest!, path.posix.basename(from!)), undefined]],
    after: (tree) => renamed(tree, from!, join(dest!, path.posix.basename(from!))),
  })),
  ...Object.fromEntries(
    (['imageResize', 'imageCrop'] as const).map((action) => [
      action,
      [['', 'b.png', ''], ['pics', 'c.png', ''], ['pics', 'keep.png', ''], ['pics', 'c.png', 'keep.png'], ['locked', 'lk.png', 'lk-small.png']].map(([folder, name, newname]) => ({
        label: `${join(folder!, name!)}${newname ? ` → ${newname}` : ' in place'}`,
        send: (c: Client) =>
          c.post(action, { path: folder!, name: name!, box: action === 'imageResize' ? '4,4' : '1,1,5,5', ...(newname ? { newname } : {}) }),
        needs: [
          [action === 'imageResize' ? 'IMAGE_RESIZE' : 'IMAGE_CROP', ...file(folder!, name!)],
          [action === 'imageResize' ? 'IMAGE_RESIZE' : 'IMAGE_CROP', ...file(folder!, newname || name!)],
        ] as Case['needs'],
        // A new name that is taken is refused (409) whatever the rules say; `keep.png` exists, so that case must not change anything.
        after: (tree: Tree) => (newname && tree[join(folder!, newname)] ? tree : { ...tree, [join(folder!, newname || name!)]: 'changed' }),
      })),
    ]),
  ),
  generatePdf: [{ label: 'html', send: (c) => c.post('generatePdf', { html: '<p>matrix</p>' }), needs: [['GENERATE_PDF', '', undefined]] }],
  generateDocx: [{ label: 'html', send: (c) => c.post('generateDocx', { html: '<p>matrix</p>' }), needs: [['GENERATE_DOCX', '', undefined]] }],
  getLocalFileByUrl: [{ label: 'a baseurl file', send: (c) => c.get(`action=getLocalFileByUrl&url=${encodeURIComponent('/files/docs/pics/c.png')}`), needs: [['FOLDERS', '', undefined]] }],
};

let remoteUrl = '';

describe(`access matrix: ${Object.keys(CASES).length} actions × ${ROLES.length} roles, ${RULES.length} rules`, () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let root: string;
  let server: RunningServer;
  let remote: Listener;
  let png: Buffer;
  const tokens = new Map<Role, string>();

  /** The same small tree before every case that changed something. */
  const resetTree = async () => {
    await rm(root, { recursive: true, force: true });
    for (const folder of ['public', 'inbox', 'locked/sub', 'pics', 'system', 'dirA', 'dirB']) await mkdir(path.join(root, folder), { recursive: true });
    const files: [string, string | Buffer][] = [
      ['a.txt', 'A'], ['b.png', png], ['public/p.txt', 'P'], ['public/pic.png', png], ['inbox/i.txt', 'I'], ['locked/l.txt', 'L'], ['locked/lk.png', png],
      ['pics/c.png', png], ['pics/keep.png', png], ['system/s.txt', 'S'], ['dirA/x.txt', 'X'],
    ];
    for (const [name, content] of files) await writeFile(path.join(root, name), content);
  };
  /** Path → `dir` or the content hash, from a snapshot; thumbnails (hidden) left out. */
  const tree = (snapshot: Record<string, string>): Tree =>
    Object.fromEntries(
      Object.entries(snapshot)
        .filter(([key]) => !key.split('/').includes('.thumbs'))
        .map(([key, value]) => [key, value.startsWith('dir') ? 'dir' : value.replace(/^.*sha256=/, '')]),
    );
  /** The snapshot taken after the last case, while the disk has not been reset since. */
  let known: Record<string, string> | undefined;

  before(async () => {
    temp = await makeTempDir('hardening-matrix-');
    root = path.join(temp.dir, 'root');
    png = await makeImage(8, 8, 'png');
    remote = await startListener((req, res) => void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(REMOTE));
    remoteUrl = remote.url;
    await resetTree();
    for (const role of ROLES) {
      if (role === 'guest') continue;
      tokens.set(role, registerSecret(await new SignJWT({ role }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(JWT_SECRET))));
    }
    server = await startHardeningServer('access/matrix', {
      files: {
        sources: { docs: { root, baseurl: '/files/docs/' } },
        auth: { type: 'jwt', secret: JWT_SECRET },
        defaultRole: 'guest',
        accessControl: RULES,
        allowedExtensions: ['txt', 'png', 'exe'],
        remoteUpload: { allowPrivateNetworks: true, maxBytes: 4096, timeoutMs: 5000 },
        thumbnails: { enabled: false },
      },
    });
  });
  after(async () => {
    await server.close(0);
    await remote.close();
    await temp.remove();
  });

  /** Half the roles send the token as a Bearer header, half as the cookie. */
  const clientFor = (role: Role): Client => {
    const token = tokens.get(role);
    if (!token) return hardeningFilesClient(server);
    return hardeningFilesClient(server, ROLES.indexOf(role) % 2 ? { authorization: `Bearer ${token}` } : { cookie: `access_token=${token}` });
  };

  for (const [action, cases] of Object.entries(CASES)) {
    for (const role of ROLES) {
      it(`${action} as ${role}`, async () => {
        for (const testCase of cases) {
          const permitted = testCase.needs.every(([flag, target, extension]) => allowed(role, flag, target, extension));
          const where = `${action} ${testCase.label} as ${role} (expected ${permitted ? 'allowed' : 'denied'})`;
          const before = known ?? (await snapshotTree(root));
          const beforeTree = tree(before);
          const answer = await testCase.send(clientFor(role));
          known = await snapshotTree(root);
          if (!permitted) {
            assert.equal(answer.status, 403, `${where}: ${answer.text}`);
            assert.deepEqual(answer.body, { success: false, data: { code: 403, messages: [answer.body.data.messages[0]] } }, where);
            assert.deepEqual(known, before, `${where}: the disk is untouched`);
            continue;
          }
          const expected = testCase.after?.(beforeTree) ?? beforeTree;
          const conflict = expected === beforeTree && testCase.after !== undefined;
          assert.equal(answer.status, conflict ? 409 : 200, `${where}: ${answer.text.slice(0, 300)}`);
          const actual = tree(known);
          for (const [key, value] of Object.entries(expected)) {
            if (value === 'changed') {
              assert.ok(actual[key] && actual[key] !== 'dir' && actual[key] !== beforeTree[key], `${where}: ${key} was written`);
              actual[key] = 'changed';
            }
          }
          assert.deepEqual(actual, expected, `${where}: the disk changed exactly as the action says`);
          assert.deepEqual(Object.keys(known).filter((key) => path.posix.basename(key).startsWith('.tmp-')), [], `${where}: no temporary file left`);
          if (testCase.after && !conflict) {
            await resetTree();
            known = undefined;
          }
        }
      });
    }
  }

  it('permissions: every allow<Flag> at every folder is what the rules say for some file there', async () => {
    for (const role of ROLES) {
      for (const folder of ['', 'public', 'inbox', 'locked', 'pics', 'system']) {
        const answer = await clientFor(role).get(`action=permissions&path=${encodeURIComponent(folder)}`);
        assert.equal(answer.status, 200, answer.text);
        const expected = Object.fromEntries(FLAGS.map((flag) => [clientKey(flag), allowedForSomeFile(role, flag, folder)]));
        assert.deepEqual(answer.body.data.permissions, expected, `permissions of ${role} at /${folder}`);
      }
    }
  });

  it('the table is not trivial: every role is allowed something and denied something, every flag granted somewhere', () => {
    const decisions = ROLES.map((role) => Object.values(CASES).flat().map((c) => c.needs.every(([flag, target, ext]) => allowed(role, flag, target, ext))));
    for (const [i, role] of ROLES.entries()) {
      if (role === 'guest') continue;
      assert.ok(decisions[i]!.includes(true) && decisions[i]!.includes(false), role);
    }
    for (const flag of FLAGS) assert.ok(ROLES.some((role) => allowedForSomeFile(role, flag, '') || allowedForSomeFile(role, flag, 'inbox') || allowedForSomeFile(role, flag, 'pics')), flag);
  });
});
