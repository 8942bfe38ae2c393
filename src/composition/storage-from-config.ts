import path from 'node:path';
import { LocalFileStorage } from '../adapters/outbound/storage/local-file-storage.js';
import { createS3Client } from '../adapters/outbound/storage-s3/s3-client.js';
import { S3FileStorage } from '../adapters/outbound/storage-s3/s3-file-storage.js';
import type { S3StorageConfig, SourceConfig } from '../config/files-schema.js';
import type { FileStorage } from '../ports/file-storage.js';

export const s3StorageFromConfig = (config: S3StorageConfig): S3FileStorage =>
  new S3FileStorage({
    client: createS3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : {}),
    }),
    bucket: config.bucket,
    prefix: config.prefix,
    partSize: config.partSize,
    queueSize: config.queueSize,
    conditionalWrites: config.conditionalWrites,
  });

/** The local folder of a source, or undefined for one whose files live elsewhere (S3). */
export const localRoot = (source: SourceConfig, baseDir: string): string | undefined =>
  source.storage?.type === 's3' || source.root === undefined ? undefined : path.resolve(baseDir, source.root);

/** The storage a source's config chooses: a local folder (`root`) unless `storage.type` says otherwise. */
export const storageFromConfig = (source: SourceConfig, baseDir: string): FileStorage => {
  if (source.storage?.type === 's3') return s3StorageFromConfig(source.storage);
  const root = localRoot(source, baseDir);
  if (!root) throw new Error('A local source needs a root'); // the config schema already refuses this
  return new LocalFileStorage(root);
};
