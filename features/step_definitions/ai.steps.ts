import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { AuthenticateClient, ClientIdentity } from '../../src/application/ai/authenticate-client.js';
import type { GenerateImage, ImageGeneration } from '../../src/application/ai/generate-image.js';
import type { GenerateText, GenerateTextInput } from '../../src/application/ai/generate-text.js';
import type { StreamPart } from '../../src/domain/ai/stream-part.js';
import { DomainError } from '../../src/domain/errors.js';
import { TOKENS } from '../../src/ports/tokens.js';
import type { EditorWorld } from '../support/world.js';

const VALID_KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const usage = (chunks: string[]) => ({ input: 5, output: chunks.length });
const chunksOf = (text: string) => text.split('|');

// ---- providers and their answers

Given('a provider {string} with the default model {string}', function (this: EditorWorld, name: string, model: string) {
  this.ai.addProvider(name, { defaultModel: model });
});

Given('a provider {string} with the default model {string} that can make images', function (this: EditorWorld, name: string, model: string) {
  this.ai.addProvider(name, { defaultModel: model, images: true });
});

Given('a provider {string} that keeps its own history', function (this: EditorWorld, name: string) {
  this.ai.addProvider(name, { defaultModel: 'keeper-1', keepsHistory: true });
});

Given('a provider {string} that refuses client keys', function (this: EditorWorld, name: string) {
  this.ai.addProvider(name, { defaultModel: 'strict-1', allowClientKey: false });
});

Given('{string} answers {string}', function (this: EditorWorld, name: string, text: string) {
  this.ai.provider(name).text.respondWith({ kind: 'text', chunks: chunksOf(text), usage: usage(chunksOf(text)) });
});

Given('{string} fails with status {int} twice, then answers {string}', function (this: EditorWorld, name: string, status: number, text: string) {
  const failure = { kind: 'http-error' as const, status, message: 'transient' };
  this.ai.provider(name).text.respondWith(failure, failure, { kind: 'text', chunks: chunksOf(text), usage: usage(chunksOf(text)) });
});

Given(
  '{string} fails with status {int} asking to retry after {int} seconds, then answers {string}',
  function (this: EditorWorld, name: string, status: number, seconds: number, text: string) {
    this.ai.provider(name).text.respondWith({ kind: 'http-error', status, message: 'slow down', retryAfterSeconds: seconds }, { kind: 'text', chunks: chunksOf(text), usage: usage(chunksOf(text)) });
  },
);

Given('{string} streams {string} and then fails', function (this: EditorWorld, name: string, text: string) {
  this.ai.provider(name).text.respondWith({ kind: 'fail-mid-stream', chunks: chunksOf(text), message: 'connection reset' });
});

Given('{string} stalls after {string}', function (this: EditorWorld, name: string, text: string) {
  this.ai.provider(name).text.respondWith({ kind: 'stall', chunks: chunksOf(text) });
});

Given('requests time out after {int} ms', function (this: EditorWorld, ms: number) {
  this.ai.config = { ...this.ai.config, requestTimeoutMs: ms };
});

Given('{string} fails with status {int} once before painting', function (this: EditorWorld, name: string, status: number) {
  this.ai.provider(name).image!.failures.push(status);
});

// ---- generating text

interface TextOutcome {
  parts: StreamPart[];
}

const generate = async (world: EditorWorld, input: Partial<GenerateTextInput> & { provider: string; prompt: string }) => {
  const outcome: TextOutcome = { parts: [] };
  world.aiText = outcome;
  const { prompt, ...rest } = input;
  await world.attempt(async () => {
    const generation = await world.container.get<GenerateText>(TOKENS.GenerateText).execute({
      mode: 'full',
      messages: [{ role: 'user', content: prompt }],
      tools: [],
      selections: [],
      signal: new AbortController().signal,
      ...rest,
    });
    for await (const part of generation.parts) outcome.parts.push(part);
    return outcome;
  });
};

const lastFinish = (world: EditorWorld) => {
  const finish = world.aiText?.parts.find((p) => p.type === 'finish');
  assert.ok(finish && finish.type === 'finish', `no finish part (error: ${String(world.error)})`);
  return finish;
};

When('the user asks {string} for {string}', function (this: EditorWorld, provider: string, prompt: string) {
  return generate(this, { provider, prompt });
});

When('the user asks {string} for {string} with the model {string}', function (this: EditorWorld, provider: string, prompt: string, model: string) {
  return generate(this, { provider, prompt, model });
});

When('the user asks {string} for {string} with the provider key {string}', function (this: EditorWorld, provider: string, prompt: string, providerKey: string) {
  return generate(this, { provider, prompt, providerKey });
});

When(
  'the user asks {string} for {string} about the selection {string} with the instructions {string}',
  function (this: EditorWorld, provider: string, prompt: string, selection: string, instructions: string) {
    return generate(this, { provider, prompt, selections: [selection], instructions });
  },
);

When('the user continues that conversation with {string}', function (this: EditorWorld, prompt: string) {
  const parentMessageId = lastFinish(this).responseId!;
  const provider = [...this.ai.providers.values()].find((p) => p.text.calls.length > 0)!.name;
  return generate(this, { provider, prompt, mode: 'incremental', parentMessageId });
});

When('the user continues the conversation {string} on {string} with {string}', function (this: EditorWorld, parentMessageId: string, provider: string, prompt: string) {
  return generate(this, { provider, prompt, mode: 'incremental', parentMessageId });
});

Then('the text parts are {string}', function (this: EditorWorld, expected: string) {
  const deltas = (this.aiText?.parts ?? []).flatMap((p) => (p.type === 'text-delta' ? [p.delta] : []));
  assert.deepEqual(deltas, chunksOf(expected));
});

Then('the generation finishes with the model {string}', function (this: EditorWorld, model: string) {
  assert.equal(lastFinish(this).model, model);
});

Then('{string} was asked for the model {string}', function (this: EditorWorld, name: string, model: string) {
  assert.equal(this.ai.provider(name).text.lastRequest().body.model, model);
});

Then('the system prompt for {string} contains {string}', function (this: EditorWorld, name: string, text: string) {
  assert.ok(this.ai.provider(name).text.lastRequest().body.instructions?.includes(text));
});

Then('{string} was called {int} time(s)', function (this: EditorWorld, name: string, times: number) {
  assert.equal(this.ai.provider(name).text.calls.length, times);
});

Then('the call to {string} was aborted', function (this: EditorWorld, name: string) {
  assert.equal(this.ai.provider(name).text.lastRequest().aborted, true);
});

Then('{string} received the history {string}', function (this: EditorWorld, name: string, expected: string) {
  const messages = this.ai.provider(name).text.lastRequest().body.messages;
  assert.equal(messages.map((m) => `${m.role}: ${m.content}`).join(' | '), expected);
});

Then('{string} was asked to continue its last response', function (this: EditorWorld, name: string) {
  const calls = this.ai.provider(name).text.calls;
  assert.equal(calls.at(-1)!.body.previousResponseId, `fake_${calls.length - 1}`);
});

Then('{string} was called with the key {string}', function (this: EditorWorld, name: string, key: string) {
  assert.equal(this.ai.provider(name).text.lastRequest().headers.authorization, `Bearer ${key}`);
});

Then('{string} was called with the configured key', function (this: EditorWorld, name: string) {
  assert.equal(this.ai.provider(name).text.lastRequest().headers.authorization, 'Bearer configured-key');
});

Then('the gateway waited {int} time(s), each longer than the one before', function (this: EditorWorld, times: number) {
  assert.equal(this.ai.waits.length, times);
  for (let i = 1; i < times; i++) assert.ok(this.ai.waits[i]! > this.ai.waits[i - 1]!, `waits ${this.ai.waits.join(', ')}`);
});

Then('the gateway waited at least {int} ms', function (this: EditorWorld, ms: number) {
  assert.ok(this.ai.waits.some((wait) => wait >= ms), `waits ${this.ai.waits.join(', ')}`);
});

Then('usage is recorded for {string} as {string}', function (this: EditorWorld, provider: string, outcome: string) {
  assert.ok(this.ai.usage.some((u) => u.provider === provider && u.outcome === outcome), JSON.stringify(this.ai.usage));
});

Then('usage is recorded for {string} as {string} with {int} output tokens', function (this: EditorWorld, provider: string, outcome: string, tokens: number) {
  const entry = this.ai.usage.find((u) => u.provider === provider && u.outcome === outcome);
  assert.equal(entry?.usage?.outputTokens, tokens, JSON.stringify(this.ai.usage));
});

// ---- generating images

When('the user asks {string} for {int} images of {string}', function (this: EditorWorld, provider: string, n: number, prompt: string) {
  return this.attempt(() =>
    this.container.get<GenerateImage>(TOKENS.GenerateImage).execute({ provider, prompt, n, signal: new AbortController().signal }),
  );
});

Then('{int} images come back', function (this: EditorWorld, n: number) {
  assert.equal(this.error, undefined, String(this.error));
  assert.equal((this.result as ImageGeneration).images.length, n);
});

Then('the image metadata names the model {string} and the prompt {string}', function (this: EditorWorld, model: string, prompt: string) {
  assert.deepEqual((this.result as ImageGeneration).metadata, { model, prompt });
});

// ---- authenticating clients

Given('the accepted keys are {string}', function (this: EditorWorld, keys: string) {
  this.ai.config = { ...this.ai.config, auth: { ...this.ai.config.auth, apiKeys: keys.split(',').map((k) => k.trim()) } };
});

Given('requests must come from {string} or {string}', function (this: EditorWorld, first: string, second: string) {
  this.ai.config = { ...this.ai.config, auth: { ...this.ai.config.auth, referers: [first, second] } };
});

Given('the embedder knows the key {string} as user {string}', function (this: EditorWorld, key: string, user: string) {
  this.ai.verifier = (apiKey) => (apiKey === key ? user : null);
});

const authenticate = (world: EditorWorld, apiKey: string, referer?: string) =>
  world.attempt(() =>
    world.container.get<AuthenticateClient>(TOKENS.AuthenticateClient).execute({ apiKey, request: {}, ...(referer ? { referer } : {}) }),
  );

When('a client presents the key {string}', function (this: EditorWorld, key: string) {
  return authenticate(this, key);
});

When('a client presents a valid key from {string}', function (this: EditorWorld, referer: string) {
  return authenticate(this, VALID_KEY, referer || undefined);
});

Then('the client is let in', function (this: EditorWorld) {
  assert.equal(this.error, undefined, String(this.error));
});

Then('the client is let in as user {string}', function (this: EditorWorld, user: string) {
  assert.equal(this.error, undefined, String(this.error));
  assert.equal((this.result as ClientIdentity).userId, user);
});

Then('the client is refused with {string}', function (this: EditorWorld, code: string) {
  assert.ok(this.error instanceof DomainError, `expected ${code}, got ${String(this.error)}`);
  assert.equal(this.error.code, code);
});
