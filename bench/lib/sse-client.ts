import { Agent, request } from 'undici';

export interface StreamTiming {
  firstDeltaMs: number;
  completedMs: number;
  deltas: number;
}

export const benchAgent = new Agent({ connections: 2000, pipelining: 0, keepAliveTimeout: 60_000 });

/**
 * Posts and reads an SSE body, timing the first event that carries text and
 * the end. `isDelta` tells a text event from the rest for the protocol read.
 */
export const timeStream = async (url: string, body: unknown, headers: Record<string, string>, isDelta: (data: string) => boolean): Promise<StreamTiming> => {
  const started = performance.now();
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    dispatcher: benchAgent,
  });
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${await response.body.text()}`);
  let firstDeltaMs = Number.NaN;
  let deltas = 0;
  let pending = '';
  for await (const chunk of response.body) {
    pending += chunk.toString();
    // Scan frames by index and cut the buffer once per chunk: the client must stay cheaper than what it measures.
    let at = 0;
    for (let end = pending.indexOf('\n\n', at); end !== -1; end = pending.indexOf('\n\n', at)) {
      const dataAt = pending.indexOf('data: ', at);
      if (dataAt !== -1 && dataAt < end) {
        const lineEnd = pending.indexOf('\n', dataAt);
        if (isDelta(pending.slice(dataAt + 6, lineEnd === -1 || lineEnd > end ? end : lineEnd))) {
          deltas += 1;
          if (Number.isNaN(firstDeltaMs)) firstDeltaMs = performance.now() - started;
        }
      }
      at = end + 2;
    }
    pending = pending.slice(at);
  }
  return { firstDeltaMs, completedMs: performance.now() - started, deltas };
};
