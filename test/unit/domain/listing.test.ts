import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidInputError } from '../../../src/domain/errors.js';
import type { StoredEntry } from '../../../src/domain/files/file-entry.js';
import { FileName } from '../../../src/domain/files/file-name.js';
import { DEFAULT_LISTING, applyListingOptions, parseSortBy } from '../../../src/domain/files/listing.js';

const entry = (name: string, kind: 'file' | 'folder', size: number, day: number): StoredEntry => ({
  name: FileName.parse(name),
  kind,
  size,
  modifiedAt: new Date(Date.UTC(2026, 0, day)),
});

const entries = [
  entry('b.png', 'file', 30, 3),
  entry('a10.txt', 'file', 10, 1),
  entry('a2.txt', 'file', 20, 2),
  entry('docs', 'folder', 0, 5),
  entry('.thumbs', 'folder', 0, 5),
  entry('.secret', 'file', 1, 1),
];
const names = (list: StoredEntry[]) => list.map((e) => e.name.value);

describe('applyListingOptions', () => {
  it('hides folders unless asked, hides dot-entries always, and sorts names naturally', () => {
    assert.deepEqual(names(applyListingOptions(entries, DEFAULT_LISTING)), ['a2.txt', 'a10.txt', 'b.png']);
    assert.deepEqual(names(applyListingOptions(entries, { ...DEFAULT_LISTING, withFolders: true })), ['docs', 'a2.txt', 'a10.txt', 'b.png']);
  });

  it('filters images and words, sorts by size or date either way, and pages', () => {
    assert.deepEqual(names(applyListingOptions(entries, { ...DEFAULT_LISTING, onlyImages: true })), ['b.png']);
    assert.deepEqual(names(applyListingOptions(entries, { ...DEFAULT_LISTING, filterWord: 'A1' })), ['a10.txt']);
    assert.deepEqual(names(applyListingOptions(entries, { ...DEFAULT_LISTING, sortBy: parseSortBy('size-desc') })), ['b.png', 'a2.txt', 'a10.txt']);
    assert.deepEqual(names(applyListingOptions(entries, { ...DEFAULT_LISTING, sortBy: parseSortBy('changed-asc') })), ['a10.txt', 'a2.txt', 'b.png']);
    assert.deepEqual(names(applyListingOptions(entries, { ...DEFAULT_LISTING, offset: 1, limit: 1 })), ['a10.txt']);
  });

  it('refuses an unknown sort', () => {
    assert.throws(() => parseSortBy('owner-asc'), InvalidInputError);
    assert.throws(() => parseSortBy('name-up'), InvalidInputError);
  });
});
