import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PATH_ATTACKS } from '../../support/path-attacks.js';
import { attackEverySurface } from './attack-round.js';
import { startPathFixture } from './fixture.js';
import { SURFACES } from './surfaces.js';

describe(`path traversal, fixed corpus: ${PATH_ATTACKS.length}+ attack strings × ${SURFACES.length} surfaces`, () => {
  let fixture: Awaited<ReturnType<typeof startPathFixture>>;
  let outsideBefore: Record<string, string>;
  before(async () => {
    fixture = await startPathFixture('paths/fixed-corpus');
    outsideBefore = await fixture.outside();
  });
  after(async () => {
    await fixture?.close();
  });

  it('the fixture is what the attacks aim at: the canaries exist and are reachable only from outside', async () => {
    assert.ok(Object.keys(outsideBefore).includes('outside.txt'));
    assert.ok(Object.keys(outsideBefore).includes('secrets/secret.txt'));
    assert.equal(fixture.canaries.length, 3);
  });

  /** Attacks that need the real location: absolute paths to the canaries, and the root's own path climbing out. */
  const located = () => [
    path.join(fixture.temp, 'outside.txt'),
    path.join(fixture.temp, 'secrets'),
    `${fixture.root}/../outside.txt`,
    `${fixture.temp}/secrets/secret.txt`.replaceAll('/', '\\'),
    `file://${fixture.temp}/outside.txt`,
  ];

  for (const attack of PATH_ATTACKS) {
    it(`${JSON.stringify(attack.length > 60 ? `${attack.slice(0, 40)}…(${attack.length} chars)` : attack)}`, async () => {
      assert.deepEqual(await attackEverySurface(fixture, attack, outsideBefore), []);
    });
  }

  it('attacks that name the real location of the canaries', async () => {
    for (const attack of located()) assert.deepEqual(await attackEverySurface(fixture, attack, outsideBefore), [], attack);
  });
});
