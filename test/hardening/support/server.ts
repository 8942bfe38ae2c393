import path from 'node:path';
import { after, before } from 'node:test';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import type { HostOptions } from '../../../src/composition/http-host.js';
import type { AppConfigInput } from '../../../src/config/schema.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { startTestServer } from '../../support/test-server.js';
import { recordingLogger } from './recorder.js';

/** The real host on a free port, every log line (debug and up) recorded for the secrets sweep. */
export const startHardeningServer = (where: string, input: AppConfigInput, host: Partial<HostOptions> = {}): Promise<RunningServer> =>
  startTestServer(input, { logger: recordingLogger(where), ...host });

export interface FilesSite {
  /** The one source's root folder (created by the first upload or by the test). */
  readonly root: string;
  readonly server: RunningServer;
}

/**
 * A describe block's server: a fresh temporary folder whose `root` is the
 * source `files(root)` configures, the host started before the block's tests
 * and stopped, with the folder removed, after them.
 */
export const filesSite = (where: string, files: (root: string) => NonNullable<AppConfigInput['files']>): FilesSite => {
  let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined;
  let root = '';
  let server: RunningServer | undefined;
  before(async () => {
    temp = await makeTempDir(`hardening-${where.replaceAll('/', '-')}-`);
    root = path.join(temp.dir, 'root');
    server = await startHardeningServer(where, { files: files(root) });
  });
  after(async () => {
    await server?.close(0);
    await temp?.remove();
  });
  return {
    get root() {
      return root;
    },
    get server() {
      return server!;
    },
  };
};
