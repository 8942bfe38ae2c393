import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPublicAddress, literalAddress } from '../../../src/adapters/outbound/remote-fetch/address-policy.js';

/**
 * The remote-upload address policy on its own. ipaddr.js names the special
 * ranges it knows and calls everything else `unicast`, which for IPv6 takes in
 * whole blocks that are not public: the rest of ::/8 (the deprecated
 * IPv4-compatible ::a.b.c.d among them) and everything outside 2000::/3.
 */
describe('isPublicAddress', () => {
  it('accepts ordinary public addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2001:4860:4860::8888', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) {
      assert.equal(isPublicAddress(address), true, address);
    }
  });

  it('refuses every private, loopback, link-local, reserved and IPv4-embedding form ipaddr.js names', () => {
    for (const address of [
      '127.0.0.1', '127.255.255.254', '0.0.0.0', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '169.254.169.254',
      '192.0.0.1', '192.0.2.1', '198.18.0.1', '224.0.0.1', '240.0.0.1', '255.255.255.255',
      '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd00:ec2::254', 'ff02::1', 'fec0::1', '::ffff:127.0.0.1', '::ffff:8.8.8.8', '::ffff:0:7f00:1',
      '64:ff9b::7f00:1', '64:ff9b:1::1', '2002:7f00:1::', '2001::1', '2001:db8::1', '100::1', '3fff::1',
    ]) {
      assert.equal(isPublicAddress(address), false, address);
    }
  });

  it('refuses IPv6 outside global unicast 2000::/3, which ipaddr.js calls unicast', () => {
    for (const address of ['::2', '::7f00:1', '::a9fe:a9fe', '::127.0.0.1', '1::1', '4000::1', '5f00::1', '8000::1', 'e000::1', 'fe00::1']) {
      assert.equal(isPublicAddress(address), false, address);
    }
  });

  it('refuses what is not an IP address', () => {
    for (const value of ['', 'localhost', '2130706433', '0x7f000001', '127.1', '[::1]', '8.8.8.8 ', 'example.com']) assert.equal(isPublicAddress(value), false, JSON.stringify(value));
  });
});

describe('literalAddress', () => {
  it('unwraps bracketed IPv6 and leaves DNS names alone', () => {
    assert.equal(literalAddress('[::1]'), '::1');
    assert.equal(literalAddress('127.0.0.1'), '127.0.0.1');
    assert.equal(literalAddress('example.com'), undefined);
    assert.equal(literalAddress('[example.com]'), undefined);
  });
});
