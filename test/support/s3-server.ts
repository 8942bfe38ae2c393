import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { createS3Client, type S3ConnectionOptions } from '../../src/adapters/outbound/storage-s3/s3-client.js';
import { makeTempDir } from './temp-dir.js';

export interface RunningS3 {
  endpoint: string;
  connection: S3ConnectionOptions;
  /** Where the server keeps buckets and multipart parts on disk. */
  directory: string;
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

const SCRIPT = path.resolve(import.meta.dirname, 's3rver-process.mjs');

/** A real S3 protocol server (s3rver) in a child process on a free loopback port, storing in a temp folder. */
export const startS3Server = async (): Promise<RunningS3> => {
  const temp = await makeTempDir('s3rver-');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SCRIPT, temp.dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH ?? '', ...(process.env.S3RVER_DEBUG ? { S3RVER_DEBUG: '1' } : {}) },
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const [first] = (await Promise.race([once(lines, 'line'), exited.then(() => [undefined])])) as [string | undefined];
  if (!first) throw new Error('s3rver did not start');
  const { port } = JSON.parse(first) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const connection: S3ConnectionOptions = { region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    connection,
    directory: temp.dir,
    async createBucket(name) {
      const client = createS3Client(connection);
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      await temp.remove();
    },
  };
};
