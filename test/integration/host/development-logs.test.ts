import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeTempDir } from '../../support/temp-dir.js';
import { spawnServer } from '../../support/spawn-server.js';

describe('logs in development', () => {
  it('are readable lines (pino-pretty) rather than JSON when NODE_ENV=development', async () => {
    const temp = await makeTempDir();
    const server = spawnServer([], { PORT: '0', NODE_ENV: 'development' }, temp.dir);
    const url = (await server.waitFor(/listening on (http:\/\/\S+?)[\s)]/))[1]!;
    await (await fetch(`${url}/ai/health?key=dev-secret-123456789`)).arrayBuffer();
    await server.waitFor(/request completed/);
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
    const { stdout } = server.output();
    assert.match(stdout, /INFO/);
    assert.doesNotMatch(stdout, /^\{"level"/m);
    assert.ok(!stdout.includes('dev-secret-123456789'));
    await temp.remove();
  });
});
