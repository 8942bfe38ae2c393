import type { ServerResponse } from 'node:http';
import type { UpstreamScript } from '../../../src/testing/contracts/text-generator.contract.js';
import { startFakeUpstream, type FakeUpstream } from './scripted-upstream.js';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

const event = (res: ServerResponse, type: string, data: Record<string, unknown>): void => {
  res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
};

const messageStart = (res: ServerResponse, model: string, inputTokens: number): void =>
  event(res, 'message_start', {
    message: {
      id: 'msg_fake_01',
      type: 'message',
      role: 'assistant',
      content: [],
      model,
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  });

const messageEnd = (res: ServerResponse, stopReason: string, outputTokens: number): void => {
  event(res, 'message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } });
  event(res, 'message_stop', {});
  res.end();
};

/** Splits a JSON text the way Anthropic streams `input_json_delta`s: in arbitrary fragments. */
const fragments = (text: string): string[] => [text.slice(0, 1), text.slice(1, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))];

const sendError = (res: ServerResponse, script: Extract<UpstreamScript, { kind: 'http-error' }>): void => {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': 'req_fake_01' };
  if (script.retryAfterSeconds !== undefined) headers['retry-after'] = String(script.retryAfterSeconds);
  res.writeHead(script.status, headers);
  res.end(JSON.stringify({ type: 'error', error: { type: ERROR_TYPES[script.status] ?? 'api_error', message: script.message } }));
};

/**
 * Anthropic's Messages API as the SDK calls it: `POST /v1/messages` with `stream: true` answers
 * `event: message_start`, `content_block_start`, `ping`, `content_block_delta` (`text_delta` or
 * `input_json_delta`), `content_block_stop`, `message_delta` (stop reason, cumulative usage) and
 * `message_stop`; a failure mid-stream is `event: error`; errors are `{type: "error", error: {type, message}}` with `retry-after` on a 429.
 */
export const startFakeAnthropic = (): Promise<FakeUpstream> =>
  startFakeUpstream((req, res, script, body) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'Not found' } }));
      return;
    }
    if (script.kind === 'http-error') return sendError(res, script);
    const model = (body as { model: string }).model;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_fake_01' });
    if (script.kind === 'tool-call') {
      messageStart(res, model, script.usage.input);
      event(res, 'content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_fake_01', name: script.name, input: {} } });
      for (const partial_json of fragments(JSON.stringify(script.arguments))) {
        event(res, 'content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json } });
      }
      event(res, 'content_block_stop', { index: 0 });
      return messageEnd(res, 'tool_use', script.usage.output);
    }
    messageStart(res, model, script.kind === 'text' ? script.usage.input : 1);
    event(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    event(res, 'ping', {});
    if (script.kind === 'stream-error') {
      for (const text of script.chunks) event(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
      event(res, 'error', { error: { type: 'overloaded_error', message: script.message } });
      res.end();
      return;
    }
    if (script.kind === 'stall') {
      event(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: script.chunks[0] } });
      return; // holds the connection open until the client leaves
    }
    if (script.kind === 'image') return void res.end(); // Anthropic makes no images
    for (const text of script.chunks) event(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
    event(res, 'content_block_stop', { index: 0 });
    messageEnd(res, 'end_turn', script.usage.output);
  });
