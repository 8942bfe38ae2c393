import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createS3Client } from '../../../src/adapters/outbound/storage-s3/s3-client.js';
import { S3FileStorage } from '../../../src/adapters/outbound/storage-s3/s3-file-storage.js';
import { AlreadyExistsError } from '../../../src/domain/errors.js';
import { SafePath } from '../../../src/domain/files/safe-path.js';

const EMPTY_LISTING = '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>b</Name><Prefix></Prefix><KeyCount>0</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated></ListBucketResult>';
const PRECONDITION_FAILED = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>';

/**
 * s3rver ignores `If-None-Match` on PUT, so this S3 server on loopback plays
 * the race the HEAD check cannot close: HEAD says the key is free, and by
 * the time the PUT arrives another instance has taken it (412).
 */
describe('S3FileStorage conditional writes', () => {
  const puts: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'HEAD') return void res.writeHead(404).end();
      if (req.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/xml' }).end(EMPTY_LISTING);
      puts.push(req.headers);
      if (req.headers['if-none-match'] === '*') return void res.writeHead(412, { 'content-type': 'application/xml' }).end(PRECONDITION_FAILED);
      res.writeHead(200, { etag: '"abc"' }).end();
    });
  });
  let endpoint: string;
  const storage = (conditionalWrites: boolean) =>
    new S3FileStorage({
      client: createS3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'k', secretAccessKey: 's' }),
      bucket: 'race',
      prefix: '',
      partSize: 5 * 1024 * 1024,
      queueSize: 1,
      conditionalWrites,
    });
  const content = () => (async function* () { yield new TextEncoder().encode('late writer'); })();

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('asks the server to refuse a taken key, and reports its refusal as AlreadyExists', async () => {
    await assert.rejects(storage(true).write(SafePath.parse('same.txt'), content()), AlreadyExistsError);
    assert.equal(puts.at(-1)?.['if-none-match'], '*');
  });

  it('sends no condition when replacing on purpose, or when conditional writes are off', async () => {
    await storage(true).write(SafePath.parse('same.txt'), content(), { overwrite: true });
    assert.equal(puts.at(-1)?.['if-none-match'], undefined);
    await storage(false).write(SafePath.parse('other.txt'), content());
    assert.equal(puts.at(-1)?.['if-none-match'], undefined);
  });
});
