import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import type { HostOptions } from '../../../src/composition/http-host.js';
import type { AppConfigInput } from '../../../src/config/schema.js';
import { startTestServer } from '../../support/test-server.js';
import { recordingLogger } from './recorder.js';

/** The real host on a free port, every log line (debug and up) recorded for the secrets sweep. */
export const startHardeningServer = (where: string, input: AppConfigInput, host: Partial<HostOptions> = {}): Promise<RunningServer> =>
  startTestServer(input, { logger: recordingLogger(where), ...host });
