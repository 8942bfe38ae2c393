/**
 * A stand-alone OpenAI-compatible Chat Completions server for benchmarks:
 * streams TOKENS tokens, the first after FIRST_TOKEN_MS, then one every
 * TOKEN_INTERVAL_MS (0: all at once). One shared ticker drives every open
 * stream so the fake itself stays cheap at 1000 concurrent streams.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const firstTokenMs = Number(process.env.FIRST_TOKEN_MS ?? 20);
const tokens = Number(process.env.TOKENS ?? 200);
const intervalMs = Number(process.env.TOKEN_INTERVAL_MS ?? 1);

interface Stream {
  res: ServerResponse;
  sent: number;
  id: string;
}
const active = new Set<Stream>();
let counter = 0;

const chunk = (id: string, delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: 'bench-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const finishStream = (stream: Stream) => {
  active.delete(stream);
  stream.res.write(chunk(stream.id, {}, 'stop'));
  stream.res.write(`data: ${JSON.stringify({ id: stream.id, object: 'chat.completion.chunk', created: 1, model: 'bench-model', choices: [], usage: { prompt_tokens: 10, completion_tokens: tokens, total_tokens: tokens + 10 } })}\n\n`);
  stream.res.end('data: [DONE]\n\n');
};

const sendToken = (stream: Stream) => {
  stream.res.write(chunk(stream.id, { content: `tok${stream.sent} ` }));
  stream.sent += 1;
  if (stream.sent >= tokens) finishStream(stream);
};

if (intervalMs > 0) {
  setInterval(() => {
    for (const stream of active) sendToken(stream);
  }, intervalMs);
}

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const stream: Stream = { res, sent: 0, id: `chatcmpl-${++counter}` };
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(stream.id, { role: 'assistant', content: '' }));
    res.on('close', () => active.delete(stream));
    setTimeout(() => {
      if (res.destroyed) return;
      sendToken(stream);
      if (stream.sent >= tokens) return;
      if (intervalMs > 0) active.add(stream);
      else while (stream.sent < tokens) sendToken(stream);
    }, firstTokenMs);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`fake provider listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
