import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isPublicAddress } from '../../../src/adapters/outbound/remote-fetch/address-policy.js';
import { UndiciRemoteFetcher, type ResolvedAddress } from '../../../src/adapters/outbound/remote-fetch/undici-remote-fetcher.js';
import { DomainError } from '../../../src/domain/errors.js';
import { startListener, type Listener } from '../../support/http-listener.js';

/**
 * The SSRF guard against real sockets. A canary listens on 127.0.0.1 (and
 * ::1): every refused form must fail without it ever seeing a request. A
 * "public" server on 127.0.0.2 — treated as public by an injected policy —
 * serves redirects, and injected DNS answers stand in for hostile DNS.
 */
describe('UndiciRemoteFetcher SSRF guard', () => {
  let canary: Listener;
  let canary6: Listener | undefined;
  let publicServer: Listener;
  const dns: Record<string, ResolvedAddress[]> = {};
  const resolve = async (hostname: string) => {
    const answer = dns[hostname];
    if (answer) return answer;
    const { lookup } = await import('node:dns/promises');
    return lookup(hostname, { all: true }); // localhost and friends, from the system resolver
  };
  const testPolicy = (address: string) => address === '127.0.0.2' || isPublicAddress(address);
  let guarded: UndiciRemoteFetcher;

  before(async () => {
    canary = await startListener((_req, res) => res.end('canary'));
    canary6 = await startListener((_req, res) => res.end('canary'), '::1').catch(() => undefined);
    publicServer = await startListener((req, res) => {
      const target = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
      if (target) return void res.writeHead(302, { location: target }).end();
      res.end('public content');
    }, '127.0.0.2');
    const port = canary.port;
    Object.assign(dns, {
      'loopback.test': [{ address: '127.0.0.1', family: 4 }],
      'metadata.test': [{ address: '169.254.169.254', family: 4 }],
      'mixed.test': [
        { address: '127.0.0.2', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'public.test': [{ address: '127.0.0.2', family: 4 }],
    });
    guarded = new UndiciRemoteFetcher({ allowPrivateNetworks: false, timeoutMs: 3000, resolve, isPublicAddress: testPolicy });
    void port;
  });
  after(async () => {
    await canary.close();
    await canary6?.close();
    await publicServer.close();
  });

  const refused = async (url: string) => {
    await assert.rejects(
      guarded.fetch(url, { maxBytes: 1000 }),
      (error) => error instanceof DomainError && error.code === 'REMOTE.ADDRESS_REFUSED',
      url,
    );
  };

  it('refuses loopback in every notation, and localhost', async () => {
    const p = canary.port;
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '0x7f.0.0.1', '0177.0.0.1', '017700000001', '127.1', '127.0.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]', '0.0.0.0', '0', '[::]', 'localhost', 'LOCALHOST', 'localhost.']) {
      await refused(`http://${host}:${p}/secret`);
    }
    if (canary6) await refused(`http://[::1]:${canary6.port}/secret`);
    assert.deepEqual(canary.hits, []);
    assert.deepEqual(canary6?.hits ?? [], []);
  });

  it('refuses private, link-local, metadata, unique-local, CGNAT, broadcast and multicast ranges', async () => {
    for (const host of ['10.0.0.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '255.255.255.255', '224.0.0.1', '[fd00:ec2::254]', '[fe80::1]', '[fc00::1]', '[ff02::1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]']) {
      await refused(`http://${host}/`);
    }
  });

  it('checks the address after DNS resolution: names resolving to private addresses are refused', async () => {
    for (const host of ['loopback.test', 'metadata.test', 'mapped.test', 'mixed.test']) await refused(`http://${host}:${canary.port}/`);
    assert.deepEqual(canary.hits, []);
  });

  it('re-checks every redirect', async () => {
    const p = canary.port;
    for (const target of [`http://127.0.0.1:${p}/`, `http://localhost:${p}/`, `http://loopback.test:${p}/`, `http://[::ffff:127.0.0.1]:${p}/`, 'file:///etc/passwd', 'gopher://127.0.0.1:6379/_INFO']) {
      await refused(`${publicServer.url}/?to=${encodeURIComponent(target)}`);
    }
    assert.deepEqual(canary.hits, []);
  });

  it('stops after five redirects', async () => {
    let url = `${publicServer.url}/final`;
    for (let i = 0; i < 6; i++) url = `${publicServer.url}/?to=${encodeURIComponent(url)}`;
    await assert.rejects(guarded.fetch(url, { maxBytes: 1000 }), (error) => error instanceof DomainError && error.code === 'REMOTE.FETCH_FAILED');
  });

  it('follows allowed redirects', async () => {
    const file = await guarded.fetch(`${publicServer.url}/?to=${encodeURIComponent(`http://public.test:${publicServer.port}/doc.txt`)}`, { maxBytes: 1000 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.content) chunks.push(chunk);
    assert.equal(Buffer.concat(chunks).toString(), 'public content');
    assert.equal(file.suggestedName, 'doc.txt');
  });

  it('pins the connection to the checked address: one DNS answer serves both check and connect', async () => {
    let lookups = 0;
    const rebinding = new UndiciRemoteFetcher({
      allowPrivateNetworks: false,
      timeoutMs: 3000,
      isPublicAddress: testPolicy,
      // A rebinding DNS server: public on the first question, loopback afterwards.
      resolve: async () => [{ address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }],
    });
    const file = await rebinding.fetch(`http://rebind.test:${publicServer.port}/doc.txt`, { maxBytes: 1000 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.content) chunks.push(chunk);
    assert.equal(Buffer.concat(chunks).toString(), 'public content');
    assert.equal(lookups, 1);
    assert.deepEqual(canary.hits, []);
  });

  it('times out a server that never answers', async () => {
    const silent = await startListener(() => undefined, '127.0.0.2');
    const quick = new UndiciRemoteFetcher({ allowPrivateNetworks: false, timeoutMs: 200, isPublicAddress: testPolicy });
    await assert.rejects(quick.fetch(`${silent.url}/`, { maxBytes: 10 }), (error) => error instanceof DomainError && error.code === 'REMOTE.TIMEOUT');
    await silent.close();
  });

  it('downloads from loopback when allowPrivateNetworks is on', async () => {
    const open = new UndiciRemoteFetcher({ allowPrivateNetworks: true, timeoutMs: 3000 });
    const file = await open.fetch(`http://localhost:${canary.port}/hello.txt`, { maxBytes: 1000 });
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.content) chunks.push(chunk);
    assert.equal(Buffer.concat(chunks).toString(), 'canary');
    canary.hits.length = 0;
  });
});
