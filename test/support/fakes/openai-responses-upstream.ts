import type { ServerResponse } from 'node:http';
import { FakeUpstream, sendOpenAiError, startEventStream, type FakeScript } from './fake-upstream.js';

/**
 * A fake OpenAI API: `POST /v1/responses` streams Responses API events as
 * the real API does (`response.created` … `response.completed` with usage),
 * `POST /v1/images/generations` answers like the Images API.
 */
export const startOpenAiResponsesUpstream = (port = 0): Promise<FakeUpstream> => {
  let counter = 0;
  return new FakeUpstream((script, req, res, body) => {
    counter += 1;
    if (script.kind === 'http-error') return sendOpenAiError(res, script.status, script.message, script.retryAfterSeconds);
    if (req.url?.endsWith('/images/generations')) return sendImages(res, script, counter);
    if (!req.url?.endsWith('/responses')) return sendOpenAiError(res, 404, `no route ${req.url}`);
    const id = script.kind === 'text' && script.responseId ? script.responseId : `resp_fake${counter}`;
    new ResponsesStream(res, id, String(body?.model ?? 'unknown')).play(script);
  }).start(port);
};

const sendImages = (res: ServerResponse, script: FakeScript, counter: number): void => {
  if (script.kind === 'stall') return void res.writeHead(200, { 'content-type': 'application/json' }).flushHeaders(); // until the client leaves
  const data = script.kind === 'image' ? script.images : [{ b64_json: Buffer.from(`image ${counter}`).toString('base64') }];
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ created: 1_760_000_000, data, usage: { input_tokens: 5, output_tokens: 100, total_tokens: 105 } }));
};

class ResponsesStream {
  private sequence = 0;

  constructor(
    private readonly res: ServerResponse,
    private readonly id: string,
    private readonly model: string,
  ) {}

  play(script: FakeScript): void {
    startEventStream(this.res);
    this.send('response.created', { response: this.response('in_progress', [], null) });
    this.send('response.in_progress', { response: this.response('in_progress', [], null) });
    switch (script.kind) {
      case 'text':
        return this.text(script.chunks, script.usage);
      case 'tool-call':
        return this.toolCall(script.name, script.arguments, script.usage);
      case 'stall':
        this.openMessage(script.chunks);
        return;
      case 'fail-mid-stream':
        this.openMessage(script.chunks);
        this.send('error', { code: 'server_error', message: script.message, param: null });
        this.res.end();
        return;
      default:
        this.res.end();
    }
  }

  private text(chunks: string[], usage: { input: number; output: number }): void {
    const message = this.openMessage(chunks);
    const done = { ...message, status: 'completed', content: [{ type: 'output_text', annotations: [], logprobs: [], text: chunks.join('') }] };
    this.send('response.output_text.done', { item_id: message.id, output_index: 0, content_index: 0, text: chunks.join(''), logprobs: [] });
    this.send('response.content_part.done', { item_id: message.id, output_index: 0, content_index: 0, part: done.content[0] });
    this.send('response.output_item.done', { output_index: 0, item: done });
    this.complete([done], usage);
  }

  private openMessage(chunks: string[]) {
    const message = { id: `msg_${this.id}`, type: 'message', status: 'in_progress', content: [] as unknown[], role: 'assistant' };
    this.send('response.output_item.added', { output_index: 0, item: message });
    this.send('response.content_part.added', { item_id: message.id, output_index: 0, content_index: 0, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
    for (const delta of chunks) this.send('response.output_text.delta', { item_id: message.id, output_index: 0, content_index: 0, delta, logprobs: [] });
    return message;
  }

  private toolCall(name: string, args: Record<string, unknown>, usage: { input: number; output: number }): void {
    const text = JSON.stringify(args);
    const item = { id: `fc_${this.id}`, type: 'function_call', status: 'in_progress', arguments: '', call_id: `call_${this.id}`, name };
    this.send('response.output_item.added', { output_index: 0, item });
    for (const delta of [text.slice(0, 5), text.slice(5)]) this.send('response.function_call_arguments.delta', { item_id: item.id, output_index: 0, delta });
    this.send('response.function_call_arguments.done', { item_id: item.id, output_index: 0, name, arguments: text });
    const done = { ...item, status: 'completed', arguments: text };
    this.send('response.output_item.done', { output_index: 0, item: done });
    this.complete([done], usage);
  }

  private complete(output: unknown[], usage: { input: number; output: number }): void {
    this.send('response.completed', {
      response: this.response('completed', output, {
        input_tokens: usage.input,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: usage.output,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: usage.input + usage.output,
      }),
    });
    this.res.end();
  }

  private response(status: string, output: unknown[], usage: unknown) {
    return {
      id: this.id,
      object: 'response',
      created_at: 1_760_000_000,
      status,
      error: null,
      incomplete_details: null,
      model: this.model,
      output,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      usage,
    };
  }

  private send(type: string, fields: Record<string, unknown>): void {
    const data = { type, sequence_number: this.sequence++, ...fields };
    this.res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}
