import type { FileStorage } from '../ports/file-storage.js';

/**
 * What an embedder hands the Gherkin features (the default export of the
 * module named by `EDITOR_BACKEND_FEATURES`) to run them against its own
 * adapters instead of the in-memory ones.
 */
export interface FeaturesSetup {
  /** A new, empty storage for the source `source`; called once per source a scenario names. */
  storage?(source: string): FileStorage | Promise<FileStorage>;
  /** Runs after every scenario, e.g. to delete what `storage` made. */
  afterScenario?(): void | Promise<void>;
}
