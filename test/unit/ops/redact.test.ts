import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyPrefix, safeUrl } from '../../../src/adapters/inbound/http/redact.js';

describe('safeUrl', () => {
  it('keeps a URL without a query as it is', () => {
    assert.equal(safeUrl('/ai/health'), '/ai/health');
  });

  it('replaces the values of secret-looking parameters and keeps the rest', () => {
    assert.equal(
      safeUrl('/?action=files&key=abc123&source=default&access_token=t0k&api_key=k&x-api-key=q'),
      '/?action=files&key=[redacted]&source=default&access_token=[redacted]&api_key=[redacted]&x-api-key=[redacted]',
    );
  });

  it('sees through percent-encoding and bracket notation in the name', () => {
    assert.equal(safeUrl('/?%6Bey=abc&token[0]=t&password%5Bx%5D=p'), '/?%6Bey=[redacted]&token[0]=[redacted]&password%5Bx%5D=[redacted]');
  });

  it('leaves names that merely contain a secret word alone', () => {
    assert.equal(safeUrl('/?action=files&keyword=cats&monkey=1'), '/?action=files&keyword=cats&monkey=1');
  });
});

describe('keyPrefix', () => {
  it('shows the first 8 characters of a long key and hides a short one entirely', () => {
    assert.equal(keyPrefix('0f8c2f4e-1234-4abc-9def-abcdefabcdef'), '0f8c2f4e…');
    assert.equal(keyPrefix('short'), '[redacted]');
  });
});
