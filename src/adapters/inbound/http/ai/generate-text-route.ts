import type { Metrics } from '../../../../ports/metrics.js';
import type { Request, Response } from 'express';
import type { GenerateText, TextGeneration } from '../../../../application/ai/generate-text.js';
import { toHttpFailure } from '../error-status.js';
import { ResponseBuilder } from './presenters.js';
import { toGenerateTextInput } from './request-mapper.js';
import { generateTextBodySchema, parseBody } from './schemas.js';
import { openEventStream } from './sse.js';
import { errorEvent, responseEvents } from './response-events.js';
import { sendAiError } from './errors.js';

/** An abort controller that fires the moment the client goes away before the answer is complete. */
export const abortOnDisconnect = (res: Response): AbortController => {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client disconnected'));
  });
  return controller;
};

const logFailure = (req: Request, error: unknown): void => {
  const failure = toHttpFailure(error);
  const cause = failure.cause === undefined ? {} : { err: failure.cause };
  req.log?.[failure.cause === undefined ? 'warn' : 'error']({ status: failure.status, reason: failure.message, ...cause }, 'AI generation failed');
};

const stream = async (req: Request, res: Response, generation: TextGeneration, signal: AbortSignal, options: GenerateTextRouteOptions) => {
  const events = openEventStream(res, options.heartbeatMs);
  options.metrics?.streamOpened();
  try {
    for await (const event of responseEvents(generation)) await events.send(event.type, event);
  } catch (error) {
    // A client that left has nobody to tell.
    if (!signal.aborted) {
      logFailure(req, error);
      const event = errorEvent(error);
      await events.send(event.type, event);
    }
  } finally {
    events.end();
    options.metrics?.streamClosed();
  }
};

const collect = async (req: Request, res: Response, generation: TextGeneration) => {
  const builder = new ResponseBuilder(generation.responseId);
  try {
    for await (const part of generation.parts) {
      if (part.type === 'finish') {
        res.json({ success: true, result: builder.completed(part) });
        return;
      }
      builder.add(part);
    }
  } catch (error) {
    logFailure(req, error);
    sendAiError(res, error);
  }
};

export interface GenerateTextRouteOptions {
  generateText: GenerateText;
  heartbeatMs?: number;
  metrics?: Metrics;
}

/**
 * `POST /ai/request`: streamed SSE unless `context.metadata.stream === false`.
 * Problems found before the provider is called (body, provider, conversation)
 * are JSON errors; a provider failure is an `error` event (502/504 JSON when
 * not streaming).
 */
export const generateTextRoute =
  (options: GenerateTextRouteOptions) =>
  async (req: Request, res: Response): Promise<void> => {
    const body = parseBody(generateTextBodySchema, req.body);
    const controller = abortOnDisconnect(res);
    const providerKey = req.get('x-provider-key');
    const generation = await options.generateText.execute(
      toGenerateTextInput(body, {
        signal: controller.signal,
        ...(providerKey ? { providerKey } : {}),
        ...(res.locals.userId ? { userId: res.locals.userId as string } : {}),
        ...(res.locals.apiKey ? { clientKey: res.locals.apiKey as string } : {}),
      }),
    );
    if (body.context.metadata?.stream === false) await collect(req, res, generation);
    else await stream(req, res, generation, controller.signal, options);
  };
