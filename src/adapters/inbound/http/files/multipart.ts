import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import type { IncomingFile } from '../../../../application/files/upload-files.js';
import { InvalidInputError } from '../../../../domain/errors.js';

export interface MultipartUpload {
  /** Text fields seen so far; those sent before the first file are known when it arrives. */
  fields: Record<string, string>;
  files: AsyncIterable<IncomingFile>;
}

const FILE_FIELD = /^files(\[\d*\])?$/;

/** Files one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 100;

/** Room in an upload body for the multipart framing and the text fields besides the files. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** The longest upload body that could hold only files the size limit allows. */
export const maxUploadBytes = (maxFileSize: number): number => MAX_FILES_PER_UPLOAD * maxFileSize + MULTIPART_OVERHEAD_BYTES;

/**
 * Streams a multipart body file by file: the next file is not read until the
 * previous one was consumed or discarded, so nothing is held in memory. A
 * client that goes away ends the iteration with an error (the write in
 * progress removes its temporary file).
 */
export const readMultipart = (req: Request, limits: { maxFiles: number; maxFieldBytes: number }): MultipartUpload => {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new InvalidInputError('Send the files as multipart/form-data');
  const parser = parserFor(req, limits);
  const fields: Record<string, string> = {};
  const queue: (IncomingFile | Error | null)[] = [];
  let wake: (() => void) | undefined;
  const push = (item: IncomingFile | Error | null) => {
    queue.push(item);
    wake?.();
  };
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (field, stream, info) => {
    if (!FILE_FIELD.test(field)) {
      stream.resume();
      return;
    }
    const content = detachable(stream);
    push({
      name: info.filename ?? '',
      content,
      discard: async () => {
        stream.unpipe(content);
        content.destroy();
        stream.resume();
      },
    });
  });
  parser.on('filesLimit', () => push(new InvalidInputError(`At most ${limits.maxFiles} files per upload`)));
  // busboy's own errors ("Malformed part header", "Unexpected end of form") mean the client sent a malformed body.
  parser.on('error', (error) => push(error instanceof InvalidInputError ? error : new InvalidInputError('The multipart body is malformed')));
  parser.on('close', () => push(null));
  req.on('aborted', () => push(new InvalidInputError('The upload was cut off')));
  req.on('close', () => {
    if (!req.complete) parser.destroy(new InvalidInputError('The upload was cut off'));
  });
  req.pipe(parser);

  async function* files(): AsyncIterable<IncomingFile> {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const next = queue.shift()!;
      if (next === null) return;
      if (next instanceof Error) throw next;
      yield next;
    }
  }
  return { fields, files: files() };
};

const parserFor = (req: Request, limits: { maxFiles: number; maxFieldBytes: number }): busboy.Busboy => {
  try {
    return busboy({ headers: req.headers, limits: { files: limits.maxFiles, fieldSize: limits.maxFieldBytes, fields: 100 }, defParamCharset: 'utf8' });
  } catch {
    throw new InvalidInputError('The multipart content type has no boundary'); // busboy throws on a header it cannot use
  }
};

/**
 * The bytes of one file, in a stream of their own. A consumer that stops
 * early (the size limit, a full disk) destroys this one, never busboy's: a
 * destroyed busboy file stream is never read again, so busboy waits for it
 * forever and the rest of the body, and the answer, never come.
 */
const detachable = (stream: Readable): PassThrough => {
  const content = new PassThrough();
  // Not yet read when the body fails: the error stays on the stream for the consumer, instead of crashing the process.
  content.on('error', () => undefined);
  // A client abort, or a body that ends inside a file, reaches the write in progress as the client's error.
  stream.on('error', (error) => content.destroy(error instanceof InvalidInputError ? error : new InvalidInputError('The upload ended inside a file')));
  stream.pipe(content);
  return content;
};
