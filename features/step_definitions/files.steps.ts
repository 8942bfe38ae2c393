import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import type { CheckPermission } from '../../src/application/files/check-permission.js';
import type { ListFiles, SourceListing } from '../../src/application/files/list-files.js';
import { DomainError } from '../../src/domain/errors.js';
import type { Permission } from '../../src/domain/files/permission.js';
import { SafePath } from '../../src/domain/files/safe-path.js';
import { TOKENS } from '../../src/ports/tokens.js';
import type { EditorWorld } from '../support/world.js';

Given('the source {string} holds the files:', async function (this: EditorWorld, source: string, table: DataTable) {
  for (const row of table.hashes()) await this.seed(source, row.path!, row.content ?? '');
});

Given('the role {string} may {string}', function (this: EditorWorld, role: string, permission: Permission) {
  this.rules.push({ role, [permission]: true });
});

Given('the role {string} may not {string}', function (this: EditorWorld, role: string, permission: Permission) {
  this.rules.push({ role, [permission]: false });
});

Given('the role {string} may {string} under {string}', function (this: EditorWorld, role: string, permission: Permission, path: string) {
  this.rules.push({ role, path, [permission]: true });
});

const list = (world: EditorWorld, role: string, path: string, source: string | undefined, withFolders: boolean) =>
  world.attempt(() =>
    world.container.get<ListFiles>(TOKENS.ListFiles).execute({ role, path, ...(source ? { source } : {}), options: { withFolders } }),
  );

When('{string} lists the folder {string} of the source {string}', function (this: EditorWorld, role: string, path: string, source: string) {
  return list(this, role, path, source, false);
});

When('{string} lists the folder {string} of the source {string} with folders', function (this: EditorWorld, role: string, path: string, source: string) {
  return list(this, role, path, source, true);
});

When('{string} lists the folder {string} of every source', function (this: EditorWorld, role: string, path: string) {
  return list(this, role, path, undefined, false);
});

When('I check whether {string} may {string} at {string}', function (this: EditorWorld, role: string, permission: Permission, path: string) {
  return this.attempt(() =>
    this.container.get<CheckPermission>(TOKENS.CheckPermission).execute({ role, permission, target: { path: SafePath.parse(path) } }),
  );
});

Then('the listing of {string} shows {string}', function (this: EditorWorld, source: string, expected: string) {
  assert.equal(this.error, undefined, String(this.error));
  const listing = (this.result as SourceListing[]).find((l) => l.source.name === source);
  assert.ok(listing, `no listing for ${source}`);
  assert.equal(listing.entries.map((e) => e.name.value).join(', '), expected);
});

Then('the request fails with {string}', function (this: EditorWorld, code: string) {
  assert.ok(this.error instanceof DomainError, `expected a ${code} failure, got ${String(this.error)}`);
  assert.equal(this.error.code, code);
});

Then('the check passes', function (this: EditorWorld) {
  assert.equal(this.error, undefined, String(this.error));
});

Then('the outcome is {string}', function (this: EditorWorld, outcome: 'allowed' | 'denied') {
  assert.equal(this.error === undefined ? 'allowed' : (this.error as DomainError).code === 'AUTH.FORBIDDEN' ? 'denied' : String(this.error), outcome);
});
