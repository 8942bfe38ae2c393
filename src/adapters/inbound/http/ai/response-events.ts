import { randomUUID } from 'node:crypto';
import type { TextGeneration } from '../../../../application/ai/generate-text.js';
import { toHttpFailure } from '../error-status.js';
import { ResponseBuilder } from './presenters.js';

/** One event object of a text generation, as both transports send it: always with its `type`. */
export interface ResponseEvent {
  type: string;
  [field: string]: unknown;
}

/** `created`, then a `text-delta` per delta, then `completed`: the sequence the Jodit client reads. */
export async function* responseEvents(generation: TextGeneration): AsyncGenerator<ResponseEvent> {
  const builder = new ResponseBuilder(generation.responseId);
  yield { type: 'created', response: builder.created() };
  for await (const part of generation.parts) {
    if (part.type === 'finish') {
      yield { type: 'completed', response: builder.completed(part) };
      continue;
    }
    builder.add(part);
    if (part.type === 'text-delta') yield { type: 'text-delta', delta: part.delta };
  }
}

/** A failure once the stream is open; the message is the client-safe one the HTTP status would carry. */
export const errorEvent = (error: unknown): ResponseEvent => {
  const { message, status } = toHttpFailure(error);
  return { type: 'error', responseId: `error_${randomUUID()}`, error: { code: status, message }, message };
};
