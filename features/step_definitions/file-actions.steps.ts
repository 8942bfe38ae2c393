import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import type { CreateFolder } from '../../src/application/files/create-folder.js';
import type { DownloadFile } from '../../src/application/files/download-file.js';
import type { GetPermissions } from '../../src/application/files/get-permissions.js';
import type { ItemResults } from '../../src/application/files/item-results.js';
import type { ListFolders, FolderListing } from '../../src/application/files/list-folders.js';
import type { MoveFiles } from '../../src/application/files/move-files.js';
import type { MoveFolder } from '../../src/application/files/move-folder.js';
import type { RemoveFiles } from '../../src/application/files/remove-files.js';
import type { RemoveFolder } from '../../src/application/files/remove-folder.js';
import type { RenameFile } from '../../src/application/files/rename-file.js';
import type { RenameFolder } from '../../src/application/files/rename-folder.js';
import type { IncomingFile, UploadFiles, UploadResult } from '../../src/application/files/upload-files.js';
import { SafePath } from '../../src/domain/files/safe-path.js';
import type { Permission } from '../../src/domain/files/permission.js';
import { TOKENS } from '../../src/ports/tokens.js';
import type { EditorWorld } from '../support/world.js';

const useCase = <T>(world: EditorWorld, token: symbol): T => world.container.get<T>(token);

async function* incoming(files: { name: string; content: string }[]): AsyncIterable<IncomingFile> {
  for (const file of files) {
    yield {
      name: file.name,
      content: (async function* () {
        yield new TextEncoder().encode(file.content);
      })(),
      discard: async () => undefined,
    };
  }
}

Given('uploads are limited to {int} bytes of types {string}', function (this: EditorWorld, maxFileSize: number, types: string) {
  this.filesConfig = { ...this.filesConfig, maxFileSize, allowedExtensions: types.split(',').map((t) => t.trim()) };
});

Given('the role {string} may do everything', function (this: EditorWorld, role: string) {
  this.rules.push({ role, FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_REMOVE: true, FILE_MOVE: true, FILE_RENAME: true, FILE_DOWNLOAD: true, FOLDER_CREATE: true, FOLDER_REMOVE: true, FOLDER_MOVE: true, FOLDER_RENAME: true });
});

Given('the source {string} has the folder {string}', async function (this: EditorWorld, source: string, path: string) {
  await (await this.storage(source)).createFolder(SafePath.parse(path));
});

When('{string} uploads to the folder {string} of the source {string}:', function (this: EditorWorld, role: string, path: string, source: string, table: DataTable) {
  const files = table.hashes().map((row) => ({ name: row.name!, content: row.content ?? '' }));
  return this.attempt(() => useCase<UploadFiles>(this, TOKENS.UploadFiles).execute({ role, source, path, files: incoming(files) }));
});

When('{string} removes {string} from the folder {string} of the source {string}', function (this: EditorWorld, role: string, names: string, path: string, source: string) {
  return this.attempt(() => useCase<RemoveFiles>(this, TOKENS.RemoveFiles).execute({ role, source, path, names: names.split(',').map((n) => n.trim()) }));
});

When('{string} moves {string} of the source {string} into {string}', function (this: EditorWorld, role: string, items: string, source: string, dest: string) {
  return this.attempt(() => useCase<MoveFiles>(this, TOKENS.MoveFiles).execute({ role, source, items: items.split(',').map((n) => n.trim()), dest }));
});

When('{string} moves the folder {string} of the source {string} into {string}', function (this: EditorWorld, role: string, item: string, source: string, dest: string) {
  return this.attempt(() => useCase<MoveFolder>(this, TOKENS.MoveFolder).execute({ role, source, items: [item], dest }));
});

When('{string} renames {string} in {string} of the source {string} to {string}', function (this: EditorWorld, role: string, name: string, path: string, source: string, newname: string) {
  return this.attempt(() => useCase<RenameFile>(this, TOKENS.RenameFile).execute({ role, source, path, name, newname }));
});

When('{string} renames the folder {string} in {string} of the source {string} to {string}', function (this: EditorWorld, role: string, name: string, path: string, source: string, newname: string) {
  return this.attempt(() => useCase<RenameFolder>(this, TOKENS.RenameFolder).execute({ role, source, path, name, newname }));
});

When('{string} creates the folder {string} in {string} of the source {string}', function (this: EditorWorld, role: string, name: string, path: string, source: string) {
  return this.attempt(() => useCase<CreateFolder>(this, TOKENS.CreateFolder).execute({ role, source, path, name }));
});

When('{string} removes the folder {string} in {string} of the source {string}', function (this: EditorWorld, role: string, name: string, path: string, source: string) {
  return this.attempt(() => useCase<RemoveFolder>(this, TOKENS.RemoveFolder).execute({ role, source, path, name }));
});

When('{string} lists the folders of {string} in the source {string}', function (this: EditorWorld, role: string, path: string, source: string) {
  return this.attempt(() => useCase<ListFolders>(this, TOKENS.ListFolders).execute({ role, source, path }));
});

When('{string} asks for the permissions at {string}', function (this: EditorWorld, role: string, path: string) {
  return this.attempt(() => useCase<GetPermissions>(this, TOKENS.GetPermissions).execute({ role, path }));
});

When('{string} downloads {string} from {string} of the source {string}', async function (this: EditorWorld, role: string, name: string, path: string, source: string) {
  await this.attempt(async () => {
    const download = await useCase<DownloadFile>(this, TOKENS.DownloadFile).execute({ role, source, path, name });
    let text = '';
    for await (const chunk of download.content) text += new TextDecoder().decode(chunk);
    return text;
  });
});

Then('the files stored are {string}', function (this: EditorWorld, expected: string) {
  assert.equal(this.error, undefined, String(this.error));
  assert.equal((this.result as UploadResult).stored.map((f) => f.path.toString()).join(', '), expected);
});

Then('the refused files are {string} with {string}', function (this: EditorWorld, names: string, code: string) {
  const failed = (this.result as UploadResult | ItemResults).failed;
  assert.equal(failed.map((f) => f.name).join(', '), names);
  for (const failure of failed) assert.equal(failure.error.code, code);
});

Then('the items done are {string}', function (this: EditorWorld, expected: string) {
  assert.equal(this.error, undefined, String(this.error));
  assert.equal((this.result as ItemResults).done.join(', '), expected);
});

Then('the source {string} holds {string} reading {string}', async function (this: EditorWorld, source: string, path: string, content: string) {
  const bytes = await this.contentOf(source, path);
  assert.ok(bytes, `${path} is missing`);
  assert.equal(new TextDecoder().decode(bytes), content);
});

Then('the source {string} no longer holds {string}', async function (this: EditorWorld, source: string, path: string) {
  assert.equal(await (await this.storage(source)).stat(SafePath.parse(path)), undefined);
});

Then('the source {string} has a folder {string}', async function (this: EditorWorld, source: string, path: string) {
  assert.equal((await (await this.storage(source)).stat(SafePath.parse(path)))?.kind, 'folder');
});

Then('the folder tree shows {string}', function (this: EditorWorld, expected: string) {
  assert.equal(this.error, undefined, String(this.error));
  assert.equal((this.result as FolderListing[])[0]!.folders.join(', '), expected);
});

Then('the role may {string} but not {string}', function (this: EditorWorld, allowed: Permission, denied: Permission) {
  assert.equal(this.error, undefined, String(this.error));
  const permissions = this.result as Record<Permission, boolean>;
  assert.equal(permissions[allowed], true);
  assert.equal(permissions[denied], false);
});

Then('the download reads {string}', function (this: EditorWorld, expected: string) {
  assert.equal(this.error, undefined, String(this.error));
  assert.equal(this.result, expected);
});

Then('the source {string} holds {string} without {string}', async function (this: EditorWorld, source: string, path: string, banned: string) {
  const bytes = await this.contentOf(source, path);
  assert.ok(bytes, `${path} is missing`);
  const text = new TextDecoder().decode(bytes);
  assert.ok(!text.includes(banned), text);
  assert.match(text, /<svg/);
});
