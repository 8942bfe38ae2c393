import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReadinessCheck } from '../../ports/readiness-check.js';

export interface ReadinessCheckFixture {
  reachable(): ReadinessCheck;
  /** A dependency that refuses or never answers; its address may carry `secret` as a password. */
  unreachable(): ReadinessCheck;
  secret?: string;
  cleanup?(): Promise<void>;
}

export const readinessCheckContract = (name: string, makeFixture: () => Promise<ReadinessCheckFixture>): void => {
  describe(`ReadinessCheck contract: ${name}`, () => {
    it('reports a reachable dependency as ok, with a latency', async () => {
      const fixture = await makeFixture();
      const check = fixture.reachable();
      assert.ok(check.name.length > 0, 'a check names what it checks');
      const result = await check.check();
      assert.equal(result.ok, true);
      assert.equal(typeof result.latencyMs, 'number');
      assert.ok(result.latencyMs! >= 0);
      await fixture.cleanup?.();
    });

    it('reports an unreachable dependency as not ok with a reason, without throwing or leaking its password', async () => {
      const fixture = await makeFixture();
      const result = await fixture.unreachable().check();
      assert.equal(result.ok, false);
      assert.equal(typeof result.error, 'string');
      assert.notEqual(result.error, '');
      if (fixture.secret) assert.ok(!result.error!.includes(fixture.secret));
      await fixture.cleanup?.();
    });
  });
};
