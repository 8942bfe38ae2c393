import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { CheckReadiness, ReadinessReport } from '../../src/application/ops/check-readiness.js';
import { TOKENS } from '../../src/ports/tokens.js';
import { FixedReadinessCheck } from '../../test/support/fixed-readiness-check.js';
import type { EditorWorld } from '../support/world.js';

Given('the dependency {string} is up', function (this: EditorWorld, name: string) {
  this.readinessChecks.push(new FixedReadinessCheck(name, 'up'));
});

Given('the dependency {string} is down', function (this: EditorWorld, name: string) {
  this.readinessChecks.push(new FixedReadinessCheck(name, 'down'));
});

Given('the dependency {string} is broken with {string}', function (this: EditorWorld, name: string, reason: string) {
  this.readinessChecks.push(new FixedReadinessCheck(name, 'broken', reason));
});

When('I check readiness', function (this: EditorWorld) {
  return this.attempt(() => this.container.get<CheckReadiness>(TOKENS.CheckReadiness).execute());
});

const report = (world: EditorWorld): ReadinessReport => {
  assert.equal(world.error, undefined);
  return world.result as ReadinessReport;
};

Then('the service is {string}', function (this: EditorWorld, status: string) {
  assert.equal(report(this).status, status);
});

Then('the check {string} passed', function (this: EditorWorld, name: string) {
  assert.equal(report(this).checks[name]?.ok, true);
});

Then('the check {string} failed with {string}', function (this: EditorWorld, name: string, reason: string) {
  assert.deepEqual(report(this).checks[name], { ok: false, error: reason });
});
