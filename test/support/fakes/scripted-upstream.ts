import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamScript } from '../../../src/testing/contracts/text-generator.contract.js';
import type { ImageUpstreamScript } from '../../../src/testing/contracts/image-generator.contract.js';
import { startFakeUpstream as startKitUpstream, type FakeUpstream as KitUpstream, type UpstreamHandler } from '../../../src/testing/support/fake-upstream.js';

/** The contracts' scripts, plus a failure after the first chunks (the provider's in-stream error). */
export type FakeScript = UpstreamScript | ImageUpstreamScript | { kind: 'stream-error'; chunks: string[]; message: string } | HostileScript;

/** Fault injection: `raw` answers however it likes; `drop` streams like a stall, then cuts the connection. */
export type HostileScript =
  | { kind: 'raw'; answer: (req: IncomingMessage, res: ServerResponse, body: unknown) => void }
  | { kind: 'drop'; chunks: string[]; afterMs?: number };

export type FakeUpstream = KitUpstream<FakeScript>;

/** Answers one request in a provider's protocol, following the current script. */
export type ProviderHandler = UpstreamHandler<Exclude<FakeScript, HostileScript>>;

/** The contract kit's fake upstream (`editor-backend/testing`), with this suite's scripts and faults. */
export const startFakeUpstream = (handle: ProviderHandler): Promise<FakeUpstream> =>
  startKitUpstream<FakeScript>((req, res, script, body) => {
    if (script.kind === 'raw') return script.answer(req, res, body);
    if (script.kind === 'drop') {
      handle(req, res, { kind: 'stall', chunks: script.chunks }, body);
      setTimeout(() => res.destroy(), script.afterMs ?? 20);
      return;
    }
    handle(req, res, script, body);
  });
