/**
 * Contract kits: the suites every adapter of a port passes, for third-party
 * adapters to run in their own `node --test` runs (`editor-backend/testing`).
 */
export { textGeneratorContract, type TextGeneratorFixture, type UpstreamScript, type ObservedRequest } from './contracts/text-generator.contract.js';
export { imageGeneratorContract, type ImageGeneratorFixture, type ImageUpstreamScript } from './contracts/image-generator.contract.js';
export { fileStorageContract, type FileStorageFixture } from './contracts/file-storage.contract.js';
export { imageProcessorContract, type ImageProcessorFixture } from './contracts/image-processor.contract.js';
export { documentRendererContract, type DocumentRendererFixture } from './contracts/document-renderer.contract.js';
export { rateLimiterContract, type RateLimiterFactory, type RateLimiterFixture } from './contracts/rate-limiter.contract.js';
export { conversationStoreContract, type ConversationStoreFixture } from './contracts/conversation-store.contract.js';
export { metricsContract, type MetricsFixture, type MetricsReading } from './contracts/metrics.contract.js';
export { readinessCheckContract, type ReadinessCheckFixture } from './contracts/readiness-check.contract.js';
export { remoteFetcherContract, type RemoteFetcherFixture } from './contracts/remote-fetcher.contract.js';
export { startListener, type Listener } from './support/http-listener.js';
export { startFakeUpstream, type FakeUpstream, type RecordedRequest, type UpstreamHandler } from './support/fake-upstream.js';
export type { FeaturesSetup } from './features-setup.js';
