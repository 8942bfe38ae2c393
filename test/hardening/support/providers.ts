import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProviderConfig } from '../../../src/config/ai-schema.js';
import { startFakeAnthropic } from '../../support/fakes/anthropic-server.js';
import type { FakeScript as OpenAiScript } from '../../support/fakes/fake-upstream.js';
import { startFakeGemini } from '../../support/fakes/gemini-server.js';
import { startOpenAiChatUpstream } from '../../support/fakes/openai-chat-upstream.js';
import { startOpenAiResponsesUpstream } from '../../support/fakes/openai-responses-upstream.js';
import type { FakeScript as ScriptedScript } from '../../support/fakes/scripted-upstream.js';

/** What every fake provider can be told, whatever its framework: the scripts both understand. */
export type HostileProviderScript =
  | { kind: 'text'; chunks: string[]; usage: { input: number; output: number } }
  | { kind: 'http-error'; status: number; message: string; retryAfterSeconds?: number }
  | { kind: 'stall'; chunks: string[] }
  | { kind: 'drop'; chunks: string[]; afterMs?: number }
  | { kind: 'raw'; answer: (req: IncomingMessage, res: ServerResponse, body: unknown) => void };

export interface SeenRequest {
  receivedAt: number;
  aborted: boolean;
}

/** One fake provider behind a uniform face. */
export interface HostileUpstream {
  baseUrl: string;
  requests: readonly SeenRequest[];
  respondWith(script: HostileProviderScript): void;
  respondWithSequence(scripts: HostileProviderScript[]): void;
  close(): Promise<void>;
}

export interface ProviderKind {
  type: ProviderConfig['type'];
  start(): Promise<HostileUpstream>;
  /** A stream that starts as this provider's would, then breaks the protocol with unparseable data. */
  malformed: (req: IncomingMessage, res: ServerResponse) => void;
}

const sse = (res: ServerResponse, contentType = 'text/event-stream'): void => {
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache' });
};

/** All four provider types, each with the fake that speaks its wire protocol. */
export const PROVIDER_KINDS: readonly ProviderKind[] = [
  {
    type: 'openai',
    start: async () => {
      const fake = await startOpenAiResponsesUpstream();
      return { baseUrl: `${fake.url}/v1`, requests: fake.requests, respondWith: (s) => fake.respondWith(s as OpenAiScript), respondWithSequence: (s) => fake.respondWithSequence(s as OpenAiScript[]), close: () => fake.close() };
    },
    malformed: (_req, res) => {
      sse(res);
      res.write('event: response.created\ndata: {"type":"response.created","response":{"id":"resp_x"\n\n');
      res.end('event: response.output_text.delta\ndata: {{{not json at all\n\n');
    },
  },
  {
    type: 'openai-compatible',
    start: async () => {
      const fake = await startOpenAiChatUpstream();
      return { baseUrl: `${fake.url}/v1`, requests: fake.requests, respondWith: (s) => fake.respondWith(s as OpenAiScript), respondWithSequence: (s) => fake.respondWithSequence(s as OpenAiScript[]), close: () => fake.close() };
    },
    malformed: (_req, res) => {
      sse(res);
      res.write('data: {"id":"chatcmpl-x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":\n\n');
      res.end('data: ]]]garbage[[[\n\n');
    },
  },
  {
    type: 'gemini',
    start: async () => {
      const fake = await startFakeGemini();
      return { baseUrl: fake.baseUrl, requests: fake.requests, respondWith: (s) => fake.respondWith(s as ScriptedScript), respondWithSequence: (s) => fake.respondWithSequence(s as ScriptedScript[]), close: () => fake.close() };
    },
    malformed: (_req, res) => {
      sse(res);
      res.write('data: {"candidates":[{"content":{"role":"model","parts":[{"text":\r\n\r\n');
      res.end('data: <html>502 Bad Gateway</html>\r\n\r\n');
    },
  },
  {
    type: 'anthropic',
    start: async () => {
      const fake = await startFakeAnthropic();
      return { baseUrl: fake.baseUrl, requests: fake.requests, respondWith: (s) => fake.respondWith(s as ScriptedScript), respondWithSequence: (s) => fake.respondWithSequence(s as ScriptedScript[]), close: () => fake.close() };
    },
    malformed: (_req, res) => {
      sse(res);
      res.write('event: message_start\ndata: {"type":"message_start","message":{"id":"msg_x"\n\n');
      res.end('event: content_block_delta\ndata: %%%not json%%%\n\n');
    },
  },
];
