import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AuthenticateClient } from '../../../src/application/ai/authenticate-client.js';
import { isWellFormedClientKey } from '../../../src/domain/ai/client-key.js';
import { RefererPolicy } from '../../../src/domain/ai/referer-policy.js';

const KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe('client key format', () => {
  it('accepts 8-4-4-4-12 hex digits in either case and nothing else', () => {
    assert.ok(isWellFormedClientKey(KEY));
    assert.ok(isWellFormedClientKey(KEY.toUpperCase()));
    for (const bad of ['', KEY.replace(/-/g, ''), `${KEY} `, `x${KEY}`, KEY.replace('6f', 'zz'), `${KEY}\n`]) assert.ok(!isWellFormedClientKey(bad), bad);
  });
});

describe('RefererPolicy', () => {
  const policy = new RefererPolicy(['https://app.example.com', 'https://cms.example.net/admin/', '/^https:\\/\\/[a-z]+\\.example\\.org$/']);

  it('matches an origin exactly, a path prefix on segment boundaries, and a /regex/', () => {
    assert.ok(policy.allows('https://app.example.com/any/page?x=1'));
    assert.ok(policy.allows('https://app.example.com'));
    assert.ok(policy.allows('https://cms.example.net/admin/edit'));
    assert.ok(policy.allows('https://docs.example.org/'));
    for (const bad of ['https://app.example.com.evil.net/', 'http://app.example.com/', 'https://cms.example.net/administrator', 'https://evil.example.org.bad/', 'not a url', undefined]) {
      assert.ok(!policy.allows(bad), String(bad));
    }
  });

  it('lets everything in when no referers are configured', () => {
    assert.ok(new RefererPolicy([]).allows(undefined));
  });
});

describe('AuthenticateClient', () => {
  it('compares allow-listed keys without regard to case', async () => {
    const auth = new AuthenticateClient([KEY.toUpperCase()], new RefererPolicy([]));
    assert.deepEqual(await auth.execute({ apiKey: KEY, request: {} }), { apiKey: KEY });
  });

  it('checks the referer before asking the embedder, and hides why the embedder failed', async () => {
    let asked = 0;
    const auth = new AuthenticateClient(undefined, new RefererPolicy(['https://a.example']), {
      verify: async () => {
        asked++;
        throw new Error('secret database detail');
      },
    });
    await assert.rejects(auth.execute({ apiKey: KEY, referer: 'https://b.example/', request: {} }), { code: 'AUTH.FORBIDDEN' });
    assert.equal(asked, 0);
    await assert.rejects(auth.execute({ apiKey: KEY, referer: 'https://a.example/', request: {} }), (error: Error) => {
      assert.equal((error as any).code, 'AUTH.UNAUTHENTICATED');
      assert.doesNotMatch(error.message, /secret/);
      return true;
    });
  });

  it('refuses with 401 when the embedder never answers, and ignores its late failure', async () => {
    let fail: (error: Error) => void = () => undefined;
    const auth = new AuthenticateClient(undefined, new RefererPolicy([]), { verify: () => new Promise((_, reject) => (fail = reject)) }, 20);
    await assert.rejects(auth.execute({ apiKey: KEY, request: {} }), { code: 'AUTH.UNAUTHENTICATED', message: 'Authentication timed out' });
    fail(new Error('late failure with a secret detail'));
  });
});

