import type { ServerResponse } from 'node:http';
import type { UpstreamScript } from '../../../src/testing/contracts/text-generator.contract.js';
import { startFakeUpstream, type FakeUpstream } from './scripted-upstream.js';

const STATUS_NAMES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

/** A PNG's first bytes, enough to stand for an image in base64. */
export const FAKE_IMAGE_B64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');

/** What Gemini 3 attaches to a function call and wants back when the call is replayed. */
export const FAKE_THOUGHT_SIGNATURE = 'CiQBfake+thought+signature==';

const sse = (res: ServerResponse, chunk: unknown): void => {
  res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
};

const usage = (u: { input: number; output: number }) => ({ promptTokenCount: u.input, candidatesTokenCount: u.output, totalTokenCount: u.input + u.output });

const candidate = (parts: unknown[], finishReason?: string) => ({ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) });

const chunk = (model: string, responseId: string, candidates: unknown[], usageMetadata: unknown) => ({ candidates, usageMetadata, modelVersion: model, responseId });

const sendError = (res: ServerResponse, script: Extract<UpstreamScript, { kind: 'http-error' }>): void => {
  const status = STATUS_NAMES[script.status] ?? 'UNKNOWN';
  const details =
    script.retryAfterSeconds === undefined ? undefined : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${script.retryAfterSeconds}s` }];
  res.writeHead(script.status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ error: { code: script.status, message: script.message, status, ...(details ? { details } : {}) } }));
};

/**
 * Gemini's REST protocol as the SDK calls it: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`
 * answers `data: <GenerateContentResponse>` events separated by CRLF blank lines (usage on every
 * chunk, finish reason on the last); `POST /v1beta/models/{model}:generateContent` answers one
 * JSON response, here an image as an `inlineData` part (Gemini's native image output); errors are
 * `{error: {code, message, status, details?}}`, a 429 with a `RetryInfo` detail.
 */
export const startFakeGemini = (): Promise<FakeUpstream> =>
  startFakeUpstream((req, res, script) => {
    const match = /^\/v1beta\/models\/([^:/]+):(streamGenerateContent|generateContent)/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }));
      return;
    }
    if (script.kind === 'http-error') return sendError(res, script);
    const model = match[1]!;
    if (match[2] === 'generateContent') {
      if (script.kind === 'stall') return void res.writeHead(200, { 'content-type': 'application/json' }).flushHeaders();
      // Image output: one inline PNG per call.
      const image = { inlineData: { mimeType: 'image/png', data: FAKE_IMAGE_B64 } };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(chunk(model, 'gemini-image-1', [candidate([image], 'STOP')], usage({ input: 5, output: 1290 }))));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const id = 'gemini-response-1';
    if (script.kind === 'tool-call') {
      sse(res, chunk(model, id, [candidate([{ functionCall: { name: script.name, args: script.arguments }, thoughtSignature: FAKE_THOUGHT_SIGNATURE }], 'STOP')], usage(script.usage)));
      res.end();
      return;
    }
    if (script.kind === 'stream-error') {
      for (const text of script.chunks) sse(res, chunk(model, id, [candidate([{ text }])], usage({ input: 1, output: 1 })));
      sse(res, { error: { code: 503, message: script.message, status: 'UNAVAILABLE' } });
      res.end();
      return;
    }
    if (script.kind === 'stall') {
      sse(res, chunk(model, id, [candidate([{ text: script.chunks[0] }])], usage({ input: 1, output: 1 })));
      return; // holds the connection open until the client leaves
    }
    if (script.kind === 'image') return void res.end(); // images come from generateContent above
    script.chunks.forEach((text, i) => {
      const last = i === script.chunks.length - 1;
      sse(res, chunk(model, script.responseId ?? id, [candidate([{ text }], last ? 'STOP' : undefined)], usage(last ? script.usage : { input: script.usage.input, output: i + 1 })));
    });
    res.end();
  });
