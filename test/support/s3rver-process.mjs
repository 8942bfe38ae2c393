// Runs s3rver in its own process: its ListObjectsV2 continuation tokens use
// DES, which Node 17+ only offers with --openssl-legacy-provider, a flag the
// test runner's own process should not carry.
import S3rver from 's3rver';

const [directory] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
if (process.env.S3RVER_DEBUG) {
  server.on('error', (error, ctx) => {
    if (!error.status || error.status >= 500) console.error('s3rver', ctx.method, ctx.url, error);
  });
}
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
