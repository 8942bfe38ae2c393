import { S3Client } from '@aws-sdk/client-s3';

export interface S3ConnectionOptions {
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Both or neither; without them the SDK's default chain (environment, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * One client per source. Checksums are sent only where S3 requires them:
 * the SDK's default (a CRC trailer on every streamed PUT) is refused by many
 * S3-compatible servers.
 */
export const createS3Client = (options: S3ConnectionOptions): S3Client =>
  new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
