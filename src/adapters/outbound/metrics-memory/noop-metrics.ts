import type { Metrics } from '../../../ports/metrics.js';

const nothing = (): void => undefined;

/** Bound when `metrics.enabled` is false: callers record as usual and nothing is kept. */
export const noopMetrics: Metrics = {
  httpRequest: nothing,
  streamOpened: nothing,
  streamClosed: nothing,
  providerCall: nothing,
  tokensUsed: nothing,
  rateLimited: nothing,
  uploadBytes: nothing,
};
