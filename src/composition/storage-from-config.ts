import path from 'node:path';
import { LocalFileStorage } from '../adapters/outbound/storage/local-file-storage.js';
import { createS3Client } from '../adapters/outbound/storage-s3/s3-client.js';
import { S3FileStorage } from '../adapters/outbound/storage-s3/s3-file-storage.js';
import type { S3StorageConfig, SourceConfig } from '../config/files-schema.js';
import type { FileStorage } from '../ports/file-storage.js';
import { customStorage } from './storage-types.js';

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
  isLocal(source) && source.root !== undefined ? path.resolve(baseDir, source.root) : undefined;

export const isLocal = (source: SourceConfig): boolean => (source.storage?.type ?? 'local') === 'local';

/** The storage a source's config chooses: a local folder (`root`) unless `storage.type` says otherwise. */
export const storageFromConfig = (name: string, source: SourceConfig, baseDir: string): FileStorage => {
  const storage = source.storage;
  if (storage?.type === 's3') return s3StorageFromConfig(storage as S3StorageConfig);
  if (storage && storage.type !== 'local') return customStorage(storage, { source: name, baseDir });
  const root = localRoot(source, baseDir);
  if (!root) throw new Error('A local source needs a root'); // the config schema already refuses this
  return new LocalFileStorage(root);
};
