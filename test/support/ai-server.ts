import type { RunningServer } from '../../src/adapters/inbound/http/server.js';
import type { ProviderConfig } from '../../src/config/ai-schema.js';
import type { AppConfigInput } from '../../src/config/schema.js';
import type { HostOptions } from '../../src/composition/http-host.js';
import type { FakeUpstream } from './fakes/fake-upstream.js';
import { startOpenAiChatUpstream } from './fakes/openai-chat-upstream.js';
import { startOpenAiResponsesUpstream } from './fakes/openai-responses-upstream.js';
import { startTestServer } from './test-server.js';

export const CLIENT_KEY = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
export const PROVIDER_KEY = 'sk-test-secret-provider-key-7Qz9';

/** Each OpenAI-protocol provider type with the fake upstream that speaks its protocol. */
export const OPENAI_PROVIDER_TYPES = [
  { type: 'openai', start: startOpenAiResponsesUpstream },
  { type: 'openai-compatible', start: startOpenAiChatUpstream },
] as const;

export interface AiTestServer {
  server: RunningServer;
  upstream: FakeUpstream;
  /** POST /ai/request with the client key, for provider `p`. */
  request(context: Record<string, unknown>, init?: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response>;
  close(): Promise<void>;
}

type AiInput = NonNullable<AppConfigInput['ai']>;

/**
 * The real host with one provider named `p` pointed at a fresh fake upstream;
 * retries wait 1 ms. `baseUrlPath` is what the type's SDK expects after the
 * host (`/v1` for the OpenAI types, nothing for gemini and anthropic).
 */
export const startAiServer = async (
  type: ProviderConfig['type'],
  start: () => Promise<FakeUpstream>,
  ai: Partial<AiInput> = {},
  host: Partial<HostOptions> = {},
  baseUrlPath = '/v1',
): Promise<AiTestServer> => {
  const upstream = await start();
  const server = await startTestServer(
    {
      ai: {
        providers: { p: { type, apiKey: PROVIDER_KEY, defaultModel: 'model-default', baseUrl: `${upstream.url}${baseUrlPath}` } },
        retry: { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 20 },
        ...ai,
      },
    },
    host,
  );
  return {
    server,
    upstream,
    request: (context, init = {}) =>
      fetch(`${server.url}/ai/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}`, ...init.headers },
        body: JSON.stringify({ provider: 'p', context }),
        ...(init.signal ? { signal: init.signal } : {}),
      }),
    close: async () => {
      await server.close(0);
      await upstream.close();
    },
  };
};
