import { PutObjectCommand } from '@aws-sdk/client-s3';
import { after, before } from 'node:test';
import { createS3Client } from '../../src/adapters/outbound/storage-s3/s3-client.js';
import { S3FileStorage } from '../../src/adapters/outbound/storage-s3/s3-file-storage.js';
import { startS3Server, type RunningS3 } from '../support/s3-server.js';
import { fileStorageContract } from '../../src/testing/contracts/file-storage.contract.js';

let s3: RunningS3;
before(async () => {
  s3 = await startS3Server();
  await s3.createBucket('contract');
});
after(async () => s3.close());

// Seeded the way another tool would write a bucket: plain keys, no folder markers.
fileStorageContract('S3FileStorage', async () => {
  const client = createS3Client(s3.connection);
  const prefix = `run-${Math.random().toString(36).slice(2)}/`;
  return {
    storage: new S3FileStorage({ client, bucket: 'contract', prefix, partSize: 5 * 1024 * 1024, queueSize: 2, conditionalWrites: true }),
    async seedFile(path, content) {
      await client.send(new PutObjectCommand({ Bucket: 'contract', Key: prefix + path, Body: content }));
    },
    cleanup: async () => client.destroy(),
    // s3rver ignores If-None-Match, so two writers of one new name can both succeed here.
    atomicCreate: false,
  };
});
