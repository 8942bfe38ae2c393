import type { Response } from 'express';

export const HEARTBEAT_MS = 15_000;

/** Resolves when the socket can take more, or is gone; leaves no listener behind either way. */
const writable = (res: Response): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

export interface EventStream {
  /** One frame, `event: <type>\ndata: <json>\n\n`; the data always carries `type`. Waits when the socket is full. */
  send(type: string, data: Record<string, unknown>): Promise<void>;
  end(): void;
}

/**
 * The only place that knows SSE framing. LF line ends only, one `data:` line
 * per frame (JSON has no raw newlines), never `[DONE]`, and a `: ping`
 * comment every `heartbeatMs` so proxies keep an idle stream open.
 */
export const openEventStream = (res: Response, heartbeatMs = HEARTBEAT_MS): EventStream => {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Connection', 'keep-alive');
  // nginx buffers proxied responses unless told not to.
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(': ping\n\n');
  }, heartbeatMs);
  const stop = () => clearInterval(heartbeat);
  res.once('close', stop);
  // Frames produced in one turn of the event loop leave in one write: one syscall for a burst of deltas, not one each.
  let corked = false;
  const flush = () => {
    corked = false;
    if (!res.destroyed) res.uncork();
  };
  return {
    async send(type, data) {
      if (res.writableEnded || res.destroyed) return;
      if (!corked) {
        corked = true;
        res.cork();
        setImmediate(flush);
      }
      const written = res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      if (!written) await writable(res);
    },
    end() {
      stop();
      if (corked) flush();
      if (!res.writableEnded) res.end();
    },
  };
};
