import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ClientIdentity } from '../../../../application/ai/authenticate-client.js';
import { InvalidInputError, DomainError } from '../../../../domain/errors.js';
import { RateLimitedError } from '../../../../domain/rate-limit.js';
import { toHttpFailure } from '../error-status.js';
import { clientRateLimitKey } from '../rate-limit.js';
import type { AiHttpOptions } from './router.js';
import { HEARTBEAT_MS } from './sse.js';
import { errorEvent, responseEvents, type ResponseEvent } from './response-events.js';
import { toGenerateTextInput } from './request-mapper.js';
import { generateTextBodySchema, parseBody } from './schemas.js';

export interface AiWebSocket {
  /** Closes every socket (1001) and stops taking upgrades on the path. */
  close(): Promise<void>;
}

class BusyError extends DomainError {
  constructor() {
    super('INPUT.CONFLICT', 'A generation is already running on this socket: wait for it or send {"type":"cancel"}');
  }
}

/** Above this many queued bytes the sender waits for the socket to flush, as SSE waits for `drain`. */
const HIGH_WATER_BYTES = 64 * 1024;

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Same places as over HTTP: `Authorization: Bearer`, `X-API-Key`, then `?key=` (all a browser can set). */
const clientKeyOf = (req: IncomingMessage, url: URL): string | undefined =>
  header(req, 'authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? header(req, 'x-api-key') ?? url.searchParams.get('key') ?? undefined;

const refuseUpgrade = (socket: Duplex, error: unknown): void => {
  const { status, message } = toHttpFailure(error);
  const body = JSON.stringify({ success: false, error: { code: status, message } });
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Unauthorized'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

const send = (ws: WebSocket, event: ResponseEvent): Promise<void> =>
  new Promise((resolve) => {
    if (ws.readyState !== ws.OPEN) return resolve();
    if (ws.bufferedAmount < HIGH_WATER_BYTES) {
      ws.send(JSON.stringify(event));
      resolve();
    } else ws.send(JSON.stringify(event), () => resolve());
  });

const parseMessage = (data: RawData, isBinary: boolean): Record<string, unknown> => {
  if (isBinary) throw new InvalidInputError('Messages are JSON text');
  let message: unknown;
  try {
    message = JSON.parse(data.toString());
  } catch {
    throw new InvalidInputError('The message is not valid JSON');
  }
  if (!message || typeof message !== 'object' || Array.isArray(message)) throw new InvalidInputError('The message is not a JSON object');
  return message as Record<string, unknown>;
};

/**
 * `GenerateText` over WebSocket: the client sends `{"type": "request", …the
 * body of POST /ai/request}` and gets the same event objects the SSE stream
 * carries, one per message; `{"type": "cancel"}` or closing the socket stops
 * the provider call. The key is checked at the upgrade (401/403 there), and
 * every request is counted by the same rate limit as HTTP.
 */
export const attachAiWebSocket = (server: Server, options: AiHttpOptions & { path: string }): AiWebSocket => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxBodyBytes });
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;

  const serve = (ws: WebSocket, req: IncomingMessage, identity: ClientIdentity) => {
    let current: AbortController | undefined;
    let alive = true;
    ws.on('pong', () => {
      alive = true;
    });
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, heartbeatMs);
    ws.on('close', () => {
      clearInterval(heartbeat);
      current?.abort(new Error('client disconnected'));
    });

    const generate = async (message: Record<string, unknown>, controller: AbortController) => {
      if (options.rateLimit) {
        await options.rateLimit.execute({ key: clientRateLimitKey({ ...identity, ip: req.socket.remoteAddress }) });
      }
      const { type: _type, providerKey, ...rest } = message;
      const body = parseBody(generateTextBodySchema, rest);
      const headerKey = header(req, 'x-provider-key');
      const key = typeof providerKey === 'string' && providerKey ? providerKey : headerKey;
      const generation = await options.useCases.generateText.execute(
        toGenerateTextInput(body, {
          signal: controller.signal,
          clientKey: identity.apiKey,
          ...(key ? { providerKey: key } : {}),
          ...(identity.userId ? { userId: identity.userId } : {}),
        }),
      );
      options.metrics?.streamOpened();
      try {
        for await (const event of responseEvents(generation)) await send(ws, event);
      } finally {
        options.metrics?.streamClosed();
      }
    };

    const run = async (message: Record<string, unknown>) => {
      const controller = new AbortController();
      current = controller;
      try {
        await generate(message, controller);
      } catch (error) {
        if (controller.signal.aborted) {
          await send(ws, { type: 'cancelled' });
          return;
        }
        const event = errorEvent(error);
        if (error instanceof RateLimitedError) event.retryAfterMs = error.decision.retryAfterMs ?? error.decision.resetMs;
        if (error instanceof InvalidInputError && error.details !== undefined) event.details = error.details;
        await send(ws, event);
      } finally {
        if (current === controller) current = undefined;
      }
    };

    ws.on('message', (data, isBinary) => {
      let message: Record<string, unknown>;
      try {
        message = parseMessage(data, isBinary);
        if (message.type === 'cancel') {
          current?.abort(new Error('cancelled by the client'));
          return;
        }
        if (message.type !== 'request') throw new InvalidInputError('Message types are "request" and "cancel"');
        if (current) throw new BusyError();
      } catch (error) {
        void send(ws, errorEvent(error));
        return;
      }
      void run(message);
    });
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== options.path) return; // another upgrade listener's path
    const apiKey = clientKeyOf(req, url);
    const referer = header(req, 'referer') ?? header(req, 'origin');
    options.useCases.authenticateClient
      .execute({ request: req, ...(apiKey ? { apiKey } : {}), ...(referer ? { referer } : {}) })
      .then(
        (identity) => wss.handleUpgrade(req, socket, head, (ws) => serve(ws, req, identity)),
        (error: unknown) => refuseUpgrade(socket, error),
      );
  };
  server.on('upgrade', onUpgrade);

  return {
    close: () =>
      new Promise((resolve) => {
        server.off('upgrade', onUpgrade);
        for (const client of wss.clients) client.close(1001, 'server shutting down');
        wss.close(() => resolve());
      }),
  };
};
