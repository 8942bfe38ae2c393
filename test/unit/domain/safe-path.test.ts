import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidInputError } from '../../../src/domain/errors.js';
import { FileName } from '../../../src/domain/files/file-name.js';
import { SafePath } from '../../../src/domain/files/safe-path.js';

describe('SafePath', () => {
  it('treats empty, "/" and "." as the root', () => {
    for (const raw of [undefined, '', '/', '.', './', '//']) assert.equal(SafePath.parse(raw).isRoot, true, String(raw));
  });

  it('normalises leading, trailing and repeated slashes and inner ".." steps', () => {
    assert.equal(SafePath.parse('/a//b/').toString(), 'a/b');
    assert.equal(SafePath.parse('a/./b/../c').toString(), 'a/c');
    assert.equal(SafePath.parse('a/b').toFolderString(), 'a/b/');
  });

  for (const raw of ['..', '../etc', 'a/../../b', '/..', 'a/b/../../..']) {
    it(`refuses to climb above the root: ${raw}`, () => assert.throws(() => SafePath.parse(raw), InvalidInputError));
  }

  for (const raw of ['a\\b', '..\\..\\windows', 'C:/Windows', 'c:', 'a\0b', 'file:///etc/passwd', 'a/%2e%2e/b', '%2e%2e', 'x/%2F', 'a/\u2025/b', 'a\uFF0Fb', 'trailing./x', 'x/ trailing space ']) {
    it(`refuses ${JSON.stringify(raw)}`, () => assert.throws(() => SafePath.parse(raw), InvalidInputError));
  }

  it('refuses non-strings and over-long paths', () => {
    assert.throws(() => SafePath.parse(['a']), InvalidInputError);
    assert.throws(() => SafePath.parse('a/'.repeat(3000)), InvalidInputError);
  });

  it('compares ancestry on segment boundaries only', () => {
    assert.equal(SafePath.parse('public/x').isWithin(SafePath.parse('public')), true);
    assert.equal(SafePath.parse('publicity').isWithin(SafePath.parse('public')), false);
    assert.equal(SafePath.parse('a').isWithin(SafePath.root), true);
    assert.equal(SafePath.root.isWithin(SafePath.parse('a')), false);
  });

  it('joins names and walks to parents', () => {
    const path = SafePath.parse('a').join(FileName.parse('b.txt'));
    assert.equal(path.toString(), 'a/b.txt');
    assert.equal(path.parent.toString(), 'a');
    assert.equal(path.name?.extension, 'txt');
  });
});

describe('FileName', () => {
  it('keeps ordinary and Unicode names and reads extensions in lower case', () => {
    assert.equal(FileName.parse('Фото 1.JPG').extension, 'jpg');
    assert.equal(FileName.parse('.hidden').isHidden, true);
    assert.equal(FileName.parse('.hidden').extension, '');
    assert.equal(FileName.parse('archive.tar.gz').stem, 'archive.tar');
  });

  for (const raw of ['', '.', '..', 'a/b', 'a\\b', 'bad\u0001', 'x'.repeat(256), 'ends.', 'ends ', ' starts', 42]) {
    it(`refuses ${JSON.stringify(raw).slice(0, 40)}`, () => assert.throws(() => FileName.parse(raw), InvalidInputError));
  }
});
