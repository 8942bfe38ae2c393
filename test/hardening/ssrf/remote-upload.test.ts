import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile, readdir, mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { isPublicAddress } from '../../../src/adapters/outbound/remote-fetch/address-policy.js';
import { UndiciRemoteFetcher, type ResolvedAddress } from '../../../src/adapters/outbound/remote-fetch/undici-remote-fetcher.js';
import { startListener, type Listener } from '../../support/http-listener.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { hardeningFilesClient, type Answer } from '../support/files-client.js';
import { startRecordedServer } from '../support/hosts.js';
import { countAttacks, registerSecret } from '../support/recorder.js';
import { scale } from '../support/scale.js';
import { LOOPBACK_FORMS, PRIVATE_ANSWERS, PRIVATE_FORMS, REDIRECT_CODES } from './address-forms.js';
import { spyOnConnections, startCanary, type Canary } from './canary.js';

/** Loopback, but treated as public by the injected policy: the one address a test fetcher may reach. */
const STAND_IN = '127.10.20.30';
const PASSWORD = registerSecret(`ssrf-userinfo-${randomUUID()}`);

/**
 * `fileUploadRemote` against every way of naming a private, loopback,
 * link-local or metadata address: literally (two hosts — the real
 * composition, and one whose fetcher has injected DNS and a "public" server
 * on STAND_IN to redirect from), through DNS, through redirects of every
 * kind and length, and through a name that answers public, then private.
 * Every attack is a 403 JSON error, the canary accepts no connection, no
 * socket of this process tries anywhere but loopback, and the source root
 * stays empty.
 */
describe('SSRF: fileUploadRemote never reaches a private address', () => {
  let canary: Canary;
  let spy: ReturnType<typeof spyOnConnections>;
  let publicServer: Listener;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let real: RunningServer;
  let injected: RunningServer;
  let canaryBefore = 0;
  const roots = { docs: '', rebind: '' };
  const dns = new Map<string, ResolvedAddress[]>();
  const dnsQuestions: string[] = [];
  const family = (address: string) => (address.includes(':') ? 6 : 4);

  before(async () => {
    canary = await startCanary();
    publicServer = await startListener((req, res) => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const to = query.get('to');
      // `connection: close`, so every hop is a new connection with a new DNS answer. A header
      // carries no fullwidth digits as they are: those go percent-encoded, which the URL parser undoes.
      const location = to?.replace(/[^\p{ASCII}]/gu, encodeURIComponent);
      if (location) return void res.writeHead(Number(query.get('code') ?? 302), { location, connection: 'close' }).end();
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' }).end('public content');
    }, STAND_IN);
    spy = spyOnConnections(canary.port, { [publicServer.port]: STAND_IN });
    temp = await makeTempDir();
    roots.docs = path.join(temp.dir, 'docs');
    roots.rebind = path.join(temp.dir, 'rebind');
    await mkdir(roots.docs);
    await mkdir(roots.rebind);
    const files = {
      files: {
        sources: { docs: { root: roots.docs, baseurl: '/files/docs/' }, rebind: { root: roots.rebind, baseurl: '/files/rebind/' } },
        accessControl: [{ role: 'guest', FILES: true, FILE_UPLOAD_REMOTE: true }],
        // Short: a form the guard let through would fail the test by its status, not hang it.
        remoteUpload: { allowPrivateNetworks: false, maxBytes: 4096, timeoutMs: 1500 },
      },
    };
    real = await startRecordedServer('ssrf/remote-upload', files);
    const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
      const name = hostname.toLowerCase().replace(/\.$/, '');
      dnsQuestions.push(name);
      if (name === 'rebind.attacker.test') {
        // A rebinding DNS server: public, then loopback, then public …
        const address = dnsQuestions.filter((q) => q === name).length % 2 === 1 ? STAND_IN : '127.0.0.1';
        return [{ address, family: 4 }];
      }
      const answer = dns.get(name);
      if (!answer) throw Object.assign(new Error(`${name} is not in the test DNS`), { code: 'ENOTFOUND' });
      return answer;
    };
    const remoteFetcher = new UndiciRemoteFetcher({ allowPrivateNetworks: false, timeoutMs: 1500, resolve, isPublicAddress: (a) => a === STAND_IN || isPublicAddress(a) });
    injected = await startRecordedServer('ssrf/remote-upload-redirects', files, { overrides: { remoteFetcher } });
    dns.set('public.test', [{ address: STAND_IN, family: 4 }]);
    dns.set('metadata.google.internal', [{ address: '169.254.169.254', family: 4 }]);
    PRIVATE_ANSWERS.forEach((address, i) => {
      dns.set(`a${i}.attacker.test`, [{ address, family: family(address) }]);
      // One bad answer among good ones refuses the name, in either order.
      dns.set(`m${i}.attacker.test`, [{ address: STAND_IN, family: 4 }, { address, family: family(address) }]);
      dns.set(`r${i}.attacker.test`, [{ address, family: family(address) }, { address: STAND_IN, family: 4 }]);
    });
  });

  after(async () => {
    spy.stop();
    await real.close(0);
    await injected.close(0);
    await publicServer.close();
    await canary.close();
    await temp.remove();
  });

  const NAMES = (): string[] => ['metadata.google.internal', 'metadata.google.internal.', ...PRIVATE_ANSWERS.flatMap((_, i) => [`a${i}.attacker.test`, `m${i}.attacker.test`, `r${i}.attacker.test`])];
  const target = (host: string, scheme = 'http') => `${scheme}://${host}:${canary.port}/secret.png`;
  const uploadRemote = (server: RunningServer, url: string, source = 'docs'): Promise<Answer> => hardeningFilesClient(server).post('fileUploadRemote', { url, source, path: '' });
  const assertRefused = (answer: Answer, label: string) => {
    assert.equal(answer.status, 403, `${label}: ${answer.text.slice(0, 300)}`);
    assert.deepEqual({ success: answer.body.success, code: answer.body.data?.code }, { success: false, code: 403 }, label);
  };
  const assertUntouched = async () => {
    assert.equal(canary.connections - canaryBefore, 0, 'the canary accepted a connection');
    assert.deepEqual(spy.forbidden(), [], 'a socket tried an address it must not');
    assert.deepEqual(await readdir(roots.docs), [], 'something was written into the source root');
  };

  it('the canary counts connections on loopback, and the spy sees them (so both can fail)', async () => {
    const touch = (host: string) =>
      new Promise<void>((resolve) => {
        const socket = connect({ host, port: canary.port }, () => socket.destroy());
        socket.on('close', () => resolve()).on('error', () => resolve());
      });
    await touch('127.0.0.1');
    await touch('127.0.0.2');
    if (canary.bound.startsWith('::')) await touch('::1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const expected = canary.bound.startsWith('::') ? 3 : 2;
    assert.equal(canary.connections, expected, `canary on ${canary.bound}`);
    assert.equal(spy.forbidden().length, expected);
    canaryBefore = canary.connections;
    spy.attempts.length = 0;
  });

  it(`refuses ${LOOPBACK_FORMS.length + PRIVATE_FORMS.length} literal address forms over http and https, on the real composition and on the injected one`, async () => {
    const forms = [...LOOPBACK_FORMS, ...PRIVATE_FORMS, `admin:${PASSWORD}@127.0.0.1`];
    countAttacks(forms.length * 4);
    for (const server of [real, injected]) {
      for (const scheme of ['http', 'https']) {
        for (const form of forms) assertRefused(await uploadRemote(server, target(form, scheme)), `${scheme} ${form}`);
      }
    }
    await assertUntouched();
  });

  it('refuses other schemes and malformed URLs that point inside', async () => {
    const urls = ['file:///etc/passwd', `gopher://127.0.0.1:${canary.port}/_GET`, `ftp://127.0.0.1:${canary.port}/`, `ws://127.0.0.1:${canary.port}/`, `http://127.0.0.1:${canary.port}:80/`, 'http://[::1/', `http://127.0.0.1\t:${canary.port}/`];
    countAttacks(urls.length);
    for (const url of urls) assertRefused(await uploadRemote(real, url), url);
    await assertUntouched();
  });

  it('refuses DNS names answering a private address, alone or mixed with a public one', async () => {
    const names = NAMES();
    countAttacks(names.length);
    const asked = dnsQuestions.length;
    for (const name of names) assertRefused(await uploadRemote(injected, target(name)), name);
    assert.ok(dnsQuestions.length - asked >= names.length, 'every name was looked up: the refusal came from its answer');
    await assertUntouched();
  });

  it('refuses a redirect of every kind from a public server to every private form', async () => {
    const p = canary.port;
    const targets = [
      ...[...LOOPBACK_FORMS, ...PRIVATE_FORMS, ...NAMES()].map((host) => target(host)),
      `//127.0.0.1:${p}/protocol-relative`,
      `/\\127.0.0.1:${p}/slash-backslash`,
      `http:\\\\127.0.0.1:${p}\\backslashes`,
      // (`http:127.0.0.1:…` would be a path on the public server: the scheme matches the base's.)
      `http:/\\127.0.0.1:${p}/slash-backslash`,
      `\\\\127.0.0.1:${p}/two-backslashes`,
      `https:127.0.0.1:${p}/other-scheme-no-slashes`,
      `http:///127.0.0.1:${p}/three-slashes`,
      `HTTP://LOCALHOST:${p}/`,
      `  http://127.0.0.1:${p}/padded  `,
      'file:///etc/passwd',
      `gopher://127.0.0.1:${p}/_INFO`,
    ];
    // CI: each target once, the codes taking turns; full: every target with every code.
    const rounds = scale(1, REDIRECT_CODES.length);
    const hitsBefore = publicServer.hits.length;
    let sent = 0;
    for (const [i, to] of targets.entries()) {
      for (let round = 0; round < rounds; round++) {
        const code = REDIRECT_CODES[(i + round) % REDIRECT_CODES.length]!;
        assertRefused(await uploadRemote(injected, `${publicServer.url}/?code=${code}&to=${encodeURIComponent(to)}`), `${code} → ${to}`);
        sent += 1;
      }
    }
    countAttacks(sent);
    assert.equal(publicServer.hits.length - hitsBefore, sent, 'every request reached the public server and was redirected');
    await assertUntouched();
  });

  it('refuses a private address at the end of a chain of public redirects', async () => {
    const ends = ['127.0.0.1', '[::1]', '169.254.169.254', '0x7f000001', 'localhost', 'a0.attacker.test', 'metadata.google.internal'];
    const hitsBefore = publicServer.hits.length;
    let hops = 0;
    for (const [i, end] of ends.entries()) {
      for (let length = 1; length <= 4; length++) {
        let url = target(end);
        for (let hop = 0; hop < length; hop++) {
          const host = hop % 2 === 0 ? `public.test:${publicServer.port}` : `${STAND_IN}:${publicServer.port}`;
          url = `http://${host}/?code=${REDIRECT_CODES[(i + hop) % REDIRECT_CODES.length]}&to=${encodeURIComponent(url)}`;
        }
        assertRefused(await uploadRemote(injected, url), `${length} hops → ${end}`);
        hops += length;
      }
    }
    countAttacks(ends.length * 4);
    assert.equal(publicServer.hits.length - hitsBefore, hops, 'every hop of every chain was followed up to the private one');
    await assertUntouched();
  });

  it('a name that answers public, then loopback, is only ever connected to at its public answer', async () => {
    const rounds = scale(20, 200);
    countAttacks(rounds);
    const statuses: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const answer = await uploadRemote(injected, `http://rebind.attacker.test:${publicServer.port}/doc-${i}.txt`, 'rebind');
      assert.ok(answer.status === 200 || answer.status === 403, `round ${i}: ${answer.status} ${answer.text.slice(0, 200)}`);
      statuses.push(answer.status);
    }
    // Both answers were used: the check and the connection share one lookup, never two.
    assert.ok(statuses.includes(200) && statuses.includes(403), `statuses ${statuses.join(',')}`);
    const saved = await readdir(roots.rebind);
    assert.equal(saved.length, statuses.filter((s) => s === 200).length);
    for (const name of saved) assert.equal(await readFile(path.join(roots.rebind, name), 'utf8'), 'public content');
    await assertUntouched();
  });
});
