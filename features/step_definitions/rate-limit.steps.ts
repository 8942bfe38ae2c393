import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { ConsumeRateLimit } from '../../src/application/rate-limit/consume-rate-limit.js';
import { RateLimitedError, type RateLimitDecision } from '../../src/domain/rate-limit.js';
import { TOKENS } from '../../src/ports/tokens.js';
import type { EditorWorld } from '../support/world.js';

const request = (world: EditorWorld, client: string) =>
  world.attempt(() => world.container.get<ConsumeRateLimit>(TOKENS.ConsumeRateLimit).execute({ key: `user:${client}` }));

Given('a rate limit of {int} requests per {int} seconds', function (this: EditorWorld, max: number, seconds: number) {
  this.aiRateLimit = { max, windowMs: seconds * 1000 };
});

When('{string} makes a request', function (this: EditorWorld, client: string) {
  return request(this, client);
});

When('{string} makes {int} requests', async function (this: EditorWorld, client: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    await request(this, client);
    assert.equal(this.error, undefined, String(this.error));
  }
});

When('{string} makes {int} requests that are all refused', async function (this: EditorWorld, client: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    await request(this, client);
    assert.ok(this.error instanceof RateLimitedError, `request ${i + 1} was not refused`);
  }
});

When(/^([\d.]+) seconds? pass(?:es)?$/, function (this: EditorWorld, seconds: string) {
  this.time += Math.round(Number(seconds) * 1000);
});

Then('it is admitted with {int} remaining', function (this: EditorWorld, remaining: number) {
  assert.equal(this.error, undefined, String(this.error));
  assert.equal((this.result as RateLimitDecision).remaining, remaining);
});

Then('it is refused, to retry after {float} seconds', function (this: EditorWorld, seconds: number) {
  assert.ok(this.error instanceof RateLimitedError, `expected a refusal, got ${String(this.error ?? 'an admission')}`);
  assert.equal(this.error.code, 'RATE.LIMITED');
  assert.equal(this.error.decision.retryAfterMs, Math.round(seconds * 1000));
});
