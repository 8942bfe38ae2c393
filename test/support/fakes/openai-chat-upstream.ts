import type { ServerResponse } from 'node:http';
import { FakeUpstream, sendOpenAiError, startEventStream, type FakeScript } from './fake-upstream.js';

/**
 * A fake OpenAI-compatible server: `POST /v1/chat/completions` streams
 * `chat.completion.chunk`s as the real API does (role first, content deltas,
 * tool-call deltas by index, a finish chunk, a usage chunk with no choices,
 * `data: [DONE]`); `POST /v1/images/generations` answers like the Images API.
 */
export const startOpenAiChatUpstream = (port = 0): Promise<FakeUpstream> => {
  let counter = 0;
  return new FakeUpstream((script, req, res, body) => {
    counter += 1;
    if (script.kind === 'http-error') return sendOpenAiError(res, script.status, script.message, script.retryAfterSeconds);
    if (req.url?.endsWith('/images/generations')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (script.kind === 'stall') return void res.flushHeaders(); // until the client leaves
      res.end(JSON.stringify({ created: 1_760_000_000, data: script.kind === 'image' ? script.images : [{ url: 'https://images.example/1.png' }] }));
      return;
    }
    if (!req.url?.endsWith('/chat/completions')) return sendOpenAiError(res, 404, `no route ${req.url}`);
    const id = script.kind === 'text' && script.responseId ? script.responseId : `chatcmpl-fake${counter}`;
    new ChunkStream(res, id, String(body?.model ?? 'unknown')).play(script);
  }).start(port);
};

class ChunkStream {
  constructor(
    private readonly res: ServerResponse,
    private readonly id: string,
    private readonly model: string,
  ) {}

  play(script: FakeScript): void {
    startEventStream(this.res);
    switch (script.kind) {
      case 'text':
        this.choice({ role: 'assistant', content: '', refusal: null });
        for (const content of script.chunks) this.choice({ content });
        return this.finish('stop', script.usage);
      case 'tool-call': {
        const args = JSON.stringify(script.arguments);
        this.choice({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: `call_${this.id}`, type: 'function', function: { name: script.name, arguments: '' } }], refusal: null });
        for (const piece of [args.slice(0, 4), args.slice(4)]) this.choice({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
        return this.finish('tool_calls', script.usage);
      }
      case 'stall':
        this.choice({ role: 'assistant', content: '', refusal: null });
        for (const content of script.chunks) this.choice({ content });
        return;
      case 'fail-mid-stream':
        for (const content of script.chunks) this.choice({ content });
        // How OpenAI-compatible servers report a failure after the headers: a data line with an error object.
        this.data({ error: { message: script.message, type: 'server_error', code: null } });
        this.res.end();
        return;
      default:
        this.res.end();
    }
  }

  private finish(reason: string, usage: { input: number; output: number }): void {
    this.chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: reason }]);
    this.chunk([], { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output });
    this.res.write('data: [DONE]\n\n');
    this.res.end();
  }

  private choice(delta: Record<string, unknown>): void {
    this.chunk([{ index: 0, delta, logprobs: null, finish_reason: null }]);
  }

  private chunk(choices: unknown[], usage: unknown = null): void {
    this.data({ id: this.id, object: 'chat.completion.chunk', created: 1_760_000_000, model: this.model, system_fingerprint: 'fp_fake', choices, usage });
  }

  private data(payload: unknown): void {
    this.res.write(`data: ${JSON.stringify(payload)}\n\n`);
  }
}
