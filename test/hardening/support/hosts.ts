import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import type { AppConfigInput } from '../../../src/config/schema.js';
import type { HostOptions } from '../../../src/composition/http-host.js';
import { CLIENT_KEY, PROVIDER_KEY } from '../../support/ai-server.js';
import { parseJoditEvents, type JoditEvent } from '../../support/jodit-sse.js';
import { startTestServer } from '../../support/test-server.js';
import type { HostileUpstream, ProviderKind } from './providers.js';
import { recordedFetch, recordingLogger, recordResponse } from './recorder.js';

type AiInput = NonNullable<AppConfigInput['ai']>;

/** The real host, its every log line recorded under `where`. */
export const startRecordedServer = (where: string, input: AppConfigInput, host: Partial<HostOptions> = {}): Promise<RunningServer> =>
  startTestServer(input, { logger: recordingLogger(where), ...host });

export interface HostileAi {
  server: RunningServer;
  upstream: HostileUpstream;
  /** POST /ai/request for provider `p` with the client key; the response is not read. */
  post(context: Record<string, unknown>, signal?: AbortSignal): Promise<Response>;
  /** The same, read whole, recorded, and parsed as the Jodit client parses it. */
  ask(context: Record<string, unknown>): Promise<{ status: number; events: JoditEvent[]; text: string }>;
  close(): Promise<void>;
}

/** The host with one provider `p` of `kind`, pointed at a fresh fake that speaks its protocol. */
export const startHostileAi = async (kind: ProviderKind, ai: Partial<AiInput> = {}): Promise<HostileAi> => {
  const upstream = await kind.start();
  const server = await startRecordedServer(`ai:${kind.type}`, {
    ai: {
      providers: { p: { type: kind.type, apiKey: PROVIDER_KEY, defaultModel: 'model-default', baseUrl: upstream.baseUrl } },
      retry: { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 50 },
      ...ai,
    },
  });
  const post = (context: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${server.url}/ai/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}` },
      body: JSON.stringify({ provider: 'p', context }),
      ...(signal ? { signal } : {}),
    });
  return {
    server,
    upstream,
    post,
    ask: async (context) => {
      const { response, text } = await recordedFetch(`${server.url}/ai/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${CLIENT_KEY}` },
        body: JSON.stringify({ provider: 'p', context }),
      });
      return { status: response.status, events: response.headers.get('content-type') === 'text/event-stream' ? parseJoditEvents(text) : [], text };
    },
    close: async () => {
      await server.close(0);
      await upstream.close();
    },
  };
};

/**
 * Reads a streamed body chunk by chunk, handing the text so far to `onText`
 * (return true to stop reading and cancel); records what was read either way.
 */
export const readRecorded = async (where: string, response: Response, onText?: (text: string) => boolean): Promise<string> => {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (onText?.(text)) {
        await reader.cancel();
        break;
      }
    }
  } finally {
    recordResponse(where, response.status, response.headers, text);
  }
  return text;
};

/** Polls `check` every 10 ms until it holds; fails after `ms`. */
export const waitFor = async (what: string, check: () => boolean, ms = 5_000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
