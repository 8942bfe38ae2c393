import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { ConfigError, createFileConnector, FileName, SafePath, type FileConnector } from 'editor-backend';
import { fileStorageContract } from 'editor-backend/testing';
import { ContentAddressedFileStorage } from './content-addressed-file-storage.js';
import './register.js';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'cas-example-'));

async function* bytes(text: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(text);
}

const readText = async (content: AsyncIterable<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
};

/** The blobs under `objects/`. */
const blobCount = async (root: string) => (await readdir(path.join(root, 'objects'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

/** Parent folders and the file, through the port: the manifest is this store's only way in. */
const seed = async (storage: ContentAddressedFileStorage, file: string, content: string) => {
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) {
    const folder = SafePath.parse(parts.slice(0, i).join('/'));
    if (!(await storage.stat(folder))) await storage.createFolder(folder);
  }
  await storage.write(SafePath.parse(file), bytes(content), { overwrite: true });
};

fileStorageContract('ContentAddressedFileStorage', async () => {
  const root = await tempDir();
  const storage = new ContentAddressedFileStorage(root);
  return { storage, seedFile: (file, content) => seed(storage, file, content), cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('ContentAddressedFileStorage beyond the contract', () => {
  let root: string;
  before(async () => {
    root = await tempDir();
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('keeps identical content once, and drops a blob with the last file that uses it', async () => {
    const storage = new ContentAddressedFileStorage(root);
    await storage.write(SafePath.parse('logo.svg'), bytes('<svg/>'));
    await storage.createFolder(SafePath.parse('copies'));
    await storage.write(SafePath.parse('copies/logo.svg'), bytes('<svg/>'));
    await storage.write(SafePath.parse('other.txt'), bytes('other'));
    assert.equal(await blobCount(root), 2);
    await storage.remove(SafePath.parse('logo.svg'));
    assert.equal(await readText(await storage.read(SafePath.parse('copies/logo.svg'))), '<svg/>');
    await storage.removeFolder(SafePath.parse('copies'));
    assert.equal(await blobCount(root), 1);
  });

  it('moves a folder by rewriting the manifest only, and a new instance on the root sees the same tree', async () => {
    const storage = new ContentAddressedFileStorage(root);
    await storage.createFolder(SafePath.parse('drafts'));
    await storage.write(SafePath.parse('drafts/a.txt'), bytes('draft a'));
    const before = await blobCount(root);
    await storage.move(SafePath.parse('drafts'), SafePath.parse('published'));
    assert.equal(await blobCount(root), before);
    const reopened = new ContentAddressedFileStorage(root);
    assert.deepEqual((await reopened.list(SafePath.parse('published'))).map((e) => e.name.value), ['a.txt']);
    assert.equal(await readText(await reopened.read(SafePath.parse('published/a.txt'))), 'draft a');
    assert.equal(await reopened.stat(SafePath.parse('drafts')), undefined);
    const manifest = JSON.parse(await readFile(path.join(root, 'tree.json'), 'utf8'));
    assert.equal(manifest.entries['published/a.txt'].size, 7);
  });

  it('leaves no staged bytes behind when a write is refused', async () => {
    const storage = new ContentAddressedFileStorage(root);
    await assert.rejects(storage.write(SafePath.parse('other.txt'), bytes('taken')), /already exists/);
    assert.deepEqual(await readdir(path.join(root, 'tmp')), []);
  });
});

describe('A "content-addressed" source in a file connector mounted in an express app', () => {
  let root: string;
  let connector: FileConnector;
  let url: string;
  let close: () => Promise<void>;
  before(async () => {
    root = await tempDir();
    connector = createFileConnector({
      sources: { cas: { title: 'Deduplicated', storage: { type: 'content-addressed', root } } },
      accessControl: [{ role: 'guest', FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_RENAME: true, FILE_REMOVE: true }],
    });
    const app = express();
    app.use('/editor', connector);
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/editor`;
    close = async () => {
      server.closeAllConnections();
      server.close();
      await connector.close();
    };
  });
  after(async () => {
    await close();
    await rm(root, { recursive: true, force: true });
  });

  const upload = async (name: string, content: string) => {
    const form = new FormData();
    form.append('files[0]', new Blob([content]), name);
    return fetch(`${url}/?action=fileUpload&source=cas`, { method: 'POST', body: form });
  };
  const post = (fields: Record<string, string>) => fetch(`${url}/`, { method: 'POST', body: new URLSearchParams(fields) });

  it('uploads, lists, serves and renames through the storage, storing equal uploads once', async () => {
    assert.equal((await upload('notes.txt', 'meeting notes')).status, 200);
    assert.equal((await upload('notes-copy.txt', 'meeting notes')).status, 200);
    const listing = (await (await fetch(`${url}/?action=files&source=cas`)).json()) as any;
    assert.equal(listing.data.sources[0].title, 'Deduplicated');
    assert.deepEqual(listing.data.sources[0].files.map((f: any) => f.file).sort(), ['notes-copy.txt', 'notes.txt']);
    assert.equal(await blobCount(root), 1);
    const served = await fetch(`${listing.data.sources[0].baseurl}notes.txt`);
    assert.equal(served.status, 200);
    assert.equal(await served.text(), 'meeting notes');
    assert.equal((await post({ action: 'fileRename', source: 'cas', path: '', name: 'notes.txt', newname: 'minutes.txt' })).status, 200);
    assert.equal(await (await fetch(`${listing.data.sources[0].baseurl}minutes.txt`)).text(), 'meeting notes');
    assert.equal(await blobCount(root), 1);
  });

  it('answers a taken name with a numbered one, as every storage does', async () => {
    const answer = (await (await upload('notes-copy.txt', 'second version')).json()) as any;
    assert.deepEqual(answer.data.files, ['notes-copy-1.txt']);
    assert.equal(await blobCount(root), 2);
    assert.equal(FileName.parse(answer.data.files[0]).extension, 'txt');
  });

  it('refuses a source with bad settings when the connector is built', () => {
    assert.throws(
      () => createFileConnector({ sources: { cas: { storage: { type: 'content-addressed', rot: root } } } }),
      (error: unknown) => error instanceof ConfigError && /storage\.root: the folder that holds the store is required/.test(error.message),
    );
  });
});
