import { Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AlreadyExistsError, TooLargeError } from '../../../domain/errors.js';
import { isS3PreconditionFailed } from './s3-errors.js';

export interface UploadSettings {
  /** Bytes held per part; memory in use is about `partSize * (queueSize + 1)`. */
  partSize: number;
  queueSize: number;
  /** Send `If-None-Match: *` so the server itself refuses an existing key. */
  conditionalWrites: boolean;
}

interface UploadRequest {
  client: S3Client;
  bucket: string;
  key: string;
  content: AsyncIterable<Uint8Array>;
  maxBytes?: number;
  overwrite?: boolean;
  contentType?: string;
}

/**
 * Streams content to one key: a single PUT when it fits in one part, else a
 * multipart upload of at most `queueSize` parts in flight. The object only
 * appears when the last request succeeds; on any failure the multipart
 * upload is aborted, so nothing is left under the key.
 */
export const uploadStream = async (request: UploadRequest, settings: UploadSettings): Promise<{ size: number }> => {
  let size = 0;
  let sourceFailure: unknown;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (request.maxBytes !== undefined && size > request.maxBytes) {
        sourceFailure = new TooLargeError(`The file is larger than ${request.maxBytes} bytes`);
        callback(sourceFailure as Error);
        return;
      }
      callback(null, chunk);
    },
  });
  const source = Readable.from(request.content, { objectMode: false });
  source.once('error', (error) => {
    sourceFailure ??= error;
    limited.destroy(error);
  });
  source.pipe(limited);
  const upload = new Upload({
    client: request.client,
    partSize: settings.partSize,
    queueSize: settings.queueSize,
    params: {
      Bucket: request.bucket,
      Key: request.key,
      Body: limited,
      ...(request.contentType ? { ContentType: request.contentType } : {}),
      ...(!request.overwrite && settings.conditionalWrites ? { IfNoneMatch: '*' } : {}),
    },
  });
  try {
    await upload.done();
  } catch (error) {
    source.destroy();
    // The abort of a multipart upload may fail on its own; the cause worth
    // reporting is what went wrong with the content.
    if (sourceFailure !== undefined) throw sourceFailure;
    if (isS3PreconditionFailed(error)) throw new AlreadyExistsError(`"${request.key.split('/').pop()}" already exists`);
    throw error;
  }
  return { size };
};
