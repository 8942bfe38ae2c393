import type { Usage } from '../domain/ai/stream-part.js';

export interface UsageRecord {
  provider: string;
  model: string;
  userId?: string;
  /** The client key that authorised the request (never a provider key). */
  clientKey?: string;
  responseId?: string;
  /** Absent when the provider reported none or the call failed before it could. */
  usage?: Usage;
  durationMs: number;
  outcome: 'completed' | 'failed' | 'aborted' | 'timeout';
  kind: 'text' | 'image';
}

/** Where per-request usage goes: the log by default, a billing system for embedders. */
export interface UsageRecorder {
  record(entry: UsageRecord): void | Promise<void>;
}
