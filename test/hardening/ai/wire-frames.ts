/**
 * Hand-written streams in each provider's wire protocol, for what the fakes'
 * scripts cannot say: an answer cut off after its text but before the frame
 * that marks it whole, and an answer dribbled out slowly enough that a client
 * can leave in the middle of it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProviderKind } from '../support/providers.js';

interface Frames {
  head: string[];
  delta: (text: string) => string;
  /** The frames after the text that say the answer is complete. */
  terminal: string[];
}

const named = (type: string, data: object): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const plain = (data: unknown, end = '\n\n'): string => `data: ${JSON.stringify(data)}${end}`;

const responsesApi = (): Frames => {
  const response = (status: string, usage: unknown) => ({ id: 'resp_wire', object: 'response', model: 'model-default', status, output: [], usage, error: null, incomplete_details: null });
  return {
    head: [named('response.created', { response: response('in_progress', null) })],
    delta: (delta) => named('response.output_text.delta', { item_id: 'msg_wire', output_index: 0, content_index: 0, delta }),
    terminal: [named('response.completed', { response: response('completed', { input_tokens: 1, output_tokens: 2, total_tokens: 3 }) })],
  };
};

const chatCompletions = (): Frames => {
  const chunk = (delta: object, finish_reason: string | null) => ({ id: 'chatcmpl-wire', object: 'chat.completion.chunk', created: 1, model: 'model-default', choices: [{ index: 0, delta, finish_reason }] });
  return {
    head: [plain(chunk({ role: 'assistant', content: '' }, null))],
    delta: (content) => plain(chunk({ content }, null)),
    terminal: [plain(chunk({}, 'stop')), 'data: [DONE]\n\n'],
  };
};

const gemini = (): Frames => {
  const chunk = (text: string, finishReason?: string) => ({
    candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    responseId: 'gemini-wire',
  });
  return { head: [], delta: (text) => plain(chunk(text), '\r\n\r\n'), terminal: [plain(chunk('', 'STOP'), '\r\n\r\n')] };
};

const anthropic = (): Frames => ({
  head: [
    named('message_start', { message: { id: 'msg_wire', type: 'message', role: 'assistant', content: [], model: 'model-default', stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } }),
    named('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  ],
  delta: (text) => named('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
  terminal: [named('content_block_stop', { index: 0 }), named('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }), named('message_stop', {})],
});

const FRAMES: Record<string, () => Frames> = { openai: responsesApi, 'openai-compatible': chatCompletions, gemini, anthropic };

const framesOf = (kind: ProviderKind): Frames => FRAMES[kind.type]!();

type Answer = (req: IncomingMessage, res: ServerResponse, body?: unknown) => void;

const openStream = (res: ServerResponse): void => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
};

/** The text, cleanly ended, without the terminal frame: no `response.completed`, no `finish_reason`/`[DONE]`, no `finishReason`, no `message_stop`. */
export const cutOffBeforeTheEnd =
  (kind: ProviderKind, texts: string[]): Answer =>
  (_req, res) => {
    const frames = framesOf(kind);
    openStream(res);
    for (const frame of [...frames.head, ...texts.map(frames.delta)]) res.write(frame);
    res.end();
  };

/**
 * The whole answer, terminal frame included, one text every `gapMs`: a stream a client can walk out of.
 * `texts` may depend on the request body, so that each of many streams says something of its own.
 */
export const slowlyComplete =
  (kind: ProviderKind, texts: string[] | ((body: unknown) => string[]), gapMs: number): Answer =>
  (_req, res, body) => {
    const frames = framesOf(kind);
    const queue = [...frames.head, ...(typeof texts === 'function' ? texts(body) : texts).map(frames.delta)];
    openStream(res);
    const next = (): void => {
      if (res.destroyed) return;
      const frame = queue.shift();
      if (frame === undefined) {
        for (const last of frames.terminal) res.write(last);
        res.end();
        return;
      }
      res.write(frame);
      setTimeout(next, gapMs);
    };
    next();
  };

/** Accepts the request and never answers, not even with headers. */
export const silence: Answer = () => undefined;
