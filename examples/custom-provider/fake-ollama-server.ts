import type { ServerResponse } from 'node:http';
import { startFakeUpstream, type FakeUpstream, type UpstreamScript } from 'editor-backend/testing';

/** The contract's scripts, plus an error line after the first chunks (how Ollama reports a failure mid-stream). */
export type OllamaScript = UpstreamScript | { kind: 'stream-error'; chunks: string[]; message: string };

const createdAt = () => new Date().toISOString();

const line = (res: ServerResponse, value: unknown) => res.write(`${JSON.stringify(value)}\n`);

const sendError = (res: ServerResponse, status: number, message: string, retryAfterSeconds?: number) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...(retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) }) });
  res.end(JSON.stringify({ error: message }));
};

/**
 * A fake Ollama speaking `POST /api/chat` as the real server does with
 * `stream: true`: `application/x-ndjson`, one chunk per line
 * (`{model, created_at, message: {role, content}, done: false}`), tool calls
 * whole in `message.tool_calls` with object arguments, then a `done: true`
 * line with `done_reason`, durations and `prompt_eval_count`/`eval_count`.
 * Errors are `{"error": "…"}` with the status; anything else is Go's 404.
 */
export const startFakeOllama = (): Promise<FakeUpstream<OllamaScript>> =>
  startFakeUpstream<OllamaScript>((req, res, script, body) => {
    if (req.method !== 'POST' || req.url !== '/api/chat') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('404 page not found');
    }
    if (script.kind === 'http-error') return sendError(res, script.status, script.message, script.retryAfterSeconds);
    const model = String((body as { model?: unknown } | undefined)?.model ?? 'unknown');
    const chunk = (message: Record<string, unknown>) => line(res, { model, created_at: createdAt(), message: { role: 'assistant', content: '', ...message }, done: false });
    const done = (usage: { input: number; output: number }) => {
      line(res, {
        model,
        created_at: createdAt(),
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        total_duration: 512_000_000,
        load_duration: 2_000_000,
        prompt_eval_count: usage.input,
        prompt_eval_duration: 40_000_000,
        eval_count: usage.output,
        eval_duration: 470_000_000,
      });
      res.end();
    };
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    switch (script.kind) {
      case 'text':
        for (const content of script.chunks) chunk({ content });
        return done(script.usage);
      case 'tool-call':
        chunk({ tool_calls: [{ function: { name: script.name, arguments: script.arguments } }] });
        return done(script.usage);
      case 'stall':
        for (const content of script.chunks) chunk({ content });
        return; // nothing more until the client goes away
      case 'stream-error':
        for (const content of script.chunks) chunk({ content });
        line(res, { error: script.message });
        return void res.end();
    }
  });
