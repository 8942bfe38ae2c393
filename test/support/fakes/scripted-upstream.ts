import type { UpstreamScript } from '../../../src/testing/contracts/text-generator.contract.js';
import type { ImageUpstreamScript } from '../../../src/testing/contracts/image-generator.contract.js';
import { startFakeUpstream as startKitUpstream, type FakeUpstream as KitUpstream, type UpstreamHandler } from '../../../src/testing/support/fake-upstream.js';

/** The contracts' scripts, plus a failure after the first chunks (the provider's in-stream error). */
export type FakeScript = UpstreamScript | ImageUpstreamScript | { kind: 'stream-error'; chunks: string[]; message: string };

export type FakeUpstream = KitUpstream<FakeScript>;

/** Answers one request in a provider's protocol, following the current script. */
export type ProviderHandler = UpstreamHandler<FakeScript>;

/** The contract kit's fake upstream (`editor-backend/testing`), with this suite's scripts. */
export const startFakeUpstream = (handle: ProviderHandler): Promise<FakeUpstream> => startKitUpstream<FakeScript>(handle);
