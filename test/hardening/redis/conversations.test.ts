/**
 * The Redis conversation store (incremental mode for providers that keep no
 * history) when Redis is cut or blackholed: continuing a conversation must
 * answer a clean JSON error promptly — never a 500, a stack or a hang —, a
 * new conversation must still be answered (its history just cannot be kept),
 * the outage must be logged once, and after the heal conversations continue.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CLIENT_KEY, PROVIDER_KEY } from '../../support/ai-server.js';
import type { FakeUpstream } from '../../support/fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { parseJoditEvents } from '../../support/jodit-sse.js';
import { within } from '../../support/redis-server.js';
import { eventually } from '../support/disk.js';
import { countFaults, registerSecret } from '../support/recorder.js';
import { logLinesSince, logMark } from './degraded.js';
import { AI_HEADERS, ask, startRedisHost, startRedisPath, type Answer, type RedisHost, type RedisPath } from './redis-host.js';

const WHERE = 'redis/conversations';
/** Far above the store's command timeout: a bound against hanging, not a speed check. */
const NO_HANG_MS = 15_000;
const STACK_FRAME = /\n\s+at [^\n]+:\d+:\d+/;

const user = (content: string) => [{ id: `u-${content}`, role: 'user', content, timestamp: 1 }];

/** ioredis prints errors nobody listens for to stderr, once per reconnect attempt: a flood outside the service's log. */
const watchStderr = () => {
  const printed: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (args.some((arg) => /ioredis/i.test(String(arg)))) printed.push(args.map(String).join(' '));
    else original(...args);
  };
  return { printed, restore: () => (console.error = original) };
};

describe('redis/ conversation store cut and blackholed', () => {
  let path: RedisPath;
  let upstream: FakeUpstream;
  let host: RedisHost;
  let mark: number;
  let stderr: ReturnType<typeof watchStderr>;
  /** A conversation saved while Redis was up, continued during and after each outage. */
  let savedId: string;

  const request = (context: Record<string, unknown>): Promise<Answer> =>
    within(NO_HANG_MS, ask(`${host.server.url}/ai/request`, { method: 'POST', headers: AI_HEADERS, body: JSON.stringify({ provider: 'p', context }) }));
  const continueSaved = (stream = false) => request({ mode: 'incremental', parentMessageId: savedId, messages: user('and then?'), metadata: { stream } });

  before(async () => {
    registerSecret(CLIENT_KEY);
    registerSecret(PROVIDER_KEY);
    stderr = watchStderr();
    path = await startRedisPath();
    upstream = await startOpenAiChatUpstream();
    upstream.respondWith({ kind: 'text', chunks: ['Once', ' upon'], usage: { input: 3, output: 2 } });
    host = await startRedisHost(WHERE, {
      ai: {
        providers: { p: { type: 'openai-compatible', apiKey: PROVIDER_KEY, defaultModel: 'model-default', baseUrl: `${upstream.url}/v1` } },
        retry: { maxRetries: 0 },
        // Not under test here: the waits below ask far more than the default 60 a minute.
        rateLimit: { max: 100_000 },
        conversations: { backend: 'redis', redisUrl: path.url },
      },
    });
    mark = logMark();
  });
  after(async () => {
    stderr.restore();
    await host.close();
    await upstream.close();
    await path.close();
  });

  it('keeps and continues a conversation while Redis is up', async () => {
    const first = await request({ mode: 'full', messages: user('tell a story'), metadata: { stream: false } });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    savedId = first.body.result.responseId;
    const next = await continueSaved();
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.match(JSON.stringify(upstream.lastRequest().body), /tell a story/, 'the history came from Redis');
  });

  for (const fault of ['cut', 'blackhole'] as const) {
    describe(`Redis ${fault === 'cut' ? 'cut (connections dropped, port refusing)' : 'blackholed (nothing answered)'}`, () => {
      before(async () => {
        countFaults();
        if (fault === 'cut') await path.proxy.cut();
        else path.proxy.blackhole();
      });

      it('continuing a conversation is a clean 503 JSON error, streamed or not, with no stack', async () => {
        for (const stream of [false, true]) {
          const answer = await continueSaved(stream);
          assert.equal(answer.status, 503, `stream ${stream}: ${JSON.stringify(answer.body)}`);
          assert.equal(answer.body.success, false);
          assert.equal(answer.body.error.code, 503);
          assert.match(answer.body.error.message, /conversation/i);
          assert.ok(!STACK_FRAME.test(JSON.stringify(answer.body)));
        }
      });

      it('a new conversation is still answered, streamed or not (its history is not kept)', async () => {
        const whole = await request({ mode: 'full', messages: user('a new one'), metadata: { stream: false } });
        assert.equal(whole.status, 200, JSON.stringify(whole.body));
        assert.equal(whole.body.result.content, 'Once upon');
        const streamed = await request({ mode: 'full', messages: user('a new one') });
        assert.equal(streamed.status, 200);
        assert.deepEqual(parseJoditEvents(String(streamed.body)).map((event) => event.event).at(-1), 'completed');
      });

      it('continues the saved conversation again once Redis is back', async () => {
        await path.proxy.heal();
        await eventually(async () => (await continueSaved()).status === 200, 'the saved conversation continues');
      });
    });
  }

  it('logged each outage and each recovery once, and ioredis printed nothing to stderr', () => {
    const transitions = logLinesSince(mark, WHERE)
      .filter((line) => /conversation store/i.test(line.msg))
      .map((line) => (/unavailable/i.test(line.msg) ? 'down' : 'up'));
    assert.deepEqual(transitions, ['down', 'up', 'down', 'up']);
    assert.deepEqual(stderr.printed.slice(0, 3), []);
  });
});
