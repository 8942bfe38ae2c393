import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AccessControlList } from '../../../src/domain/files/access-control-list.js';
import { clientPermissionKey } from '../../../src/domain/files/permission.js';
import { SafePath } from '../../../src/domain/files/safe-path.js';

describe('AccessControlList', () => {
  it('denies everything with no rules', () => {
    assert.equal(new AccessControlList([]).isAllowed('admin', 'FILES'), false);
  });

  it('grants by role and by the "*" wildcard, and lets later rules override earlier ones', () => {
    const acl = new AccessControlList([
      { role: '*', FILES: true },
      { role: 'guest', FILE_UPLOAD: true },
      { role: 'guest', FILE_UPLOAD: false },
    ]);
    assert.equal(acl.isAllowed('anyone', 'FILES'), true);
    assert.equal(acl.isAllowed('guest', 'FILE_UPLOAD'), false);
    assert.equal(acl.isAllowed('guest', 'FILE_REMOVE'), false);
  });

  it('scopes rules to a path prefix on segment boundaries', () => {
    const acl = new AccessControlList([{ role: 'user', path: '/public/', FILE_REMOVE: true }]);
    assert.equal(acl.isAllowed('user', 'FILE_REMOVE', { path: SafePath.parse('public/a') }), true);
    assert.equal(acl.isAllowed('user', 'FILE_REMOVE', { path: SafePath.parse('public') }), true);
    assert.equal(acl.isAllowed('user', 'FILE_REMOVE', { path: SafePath.parse('publicity') }), false);
    assert.equal(acl.isAllowed('user', 'FILE_REMOVE', { path: SafePath.root }), false);
  });

  it('scopes rules to extensions, case-insensitively, and never applies them without one', () => {
    const acl = new AccessControlList([{ role: 'user', extensions: ['jpg', 'PNG'], FILE_UPLOAD: true }]);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD', { extension: 'png' }), true);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD', { extension: 'exe' }), false);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD'), false);
  });

  it('lists every permission for a role', () => {
    const permissions = new AccessControlList([{ role: 'guest', FILES: true }]).permissionsFor('guest');
    assert.equal(permissions.FILES, true);
    assert.equal(permissions.GENERATE_DOCX, false);
    assert.equal(Object.keys(permissions).length, 16);
  });

  it('names permissions the way the Jodit client reads them', () => {
    assert.equal(clientPermissionKey('FILE_UPLOAD_REMOTE'), 'allowFileUploadRemote');
    assert.equal(clientPermissionKey('FILES'), 'allowFiles');
  });
});

describe('AccessControlList for "anything here?" questions', () => {
  it('counts extension-limited rules when asked about any extension, never about none', () => {
    const acl = new AccessControlList([{ role: 'user', extensions: ['jpg'], FILE_UPLOAD: true }]);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD', { anyExtension: true }), true);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD', {}), false);
    assert.equal(acl.isAllowed('other', 'FILE_UPLOAD', { anyExtension: true }), false);
  });

  it('a later rule refusing some extensions does not refuse all the others', () => {
    const acl = new AccessControlList([
      { role: 'user', FILE_UPLOAD: true },
      { role: 'user', extensions: ['exe', 'php'], FILE_UPLOAD: false },
    ]);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD', { anyExtension: true }), true);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD', { extension: 'txt' }), true);
    assert.equal(acl.isAllowed('user', 'FILE_UPLOAD', { extension: 'EXE' }), false);
    const onlyRefusals = new AccessControlList([{ role: 'user', extensions: ['exe'], FILE_UPLOAD: false }]);
    assert.equal(onlyRefusals.isAllowed('user', 'FILE_UPLOAD', { anyExtension: true }), false);
  });
});
