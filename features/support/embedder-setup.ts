import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { After } from '@cucumber/cucumber';
import type { FeaturesSetup } from '../../src/testing/features-setup.js';

/** The embedder's adapters for this run (`EDITOR_BACKEND_FEATURES=<module>`), or none: the in-memory defaults. */
export const embedderSetup: FeaturesSetup = process.env.EDITOR_BACKEND_FEATURES
  ? ((await import(pathToFileURL(path.resolve(process.env.EDITOR_BACKEND_FEATURES)).href)) as { default: FeaturesSetup }).default
  : {};

After(async () => {
  await embedderSetup.afterScenario?.();
});
