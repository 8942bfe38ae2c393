/**
 * Runs the project's Gherkin features with every source on this storage:
 * EDITOR_BACKEND_FEATURES=examples/custom-storage/features-setup.ts npm run features
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FeaturesSetup } from 'editor-backend/testing';
import { ContentAddressedFileStorage } from './content-addressed-file-storage.js';

const roots: string[] = [];
let made = 0;

// Lets a test that runs this setup see that the scenarios really used it.
const report = process.env.FEATURES_SETUP_REPORT;
if (report) process.on('exit', () => writeFileSync(report, String(made)));

const setup: FeaturesSetup = {
  storage: (source) => {
    const root = mkdtempSync(path.join(tmpdir(), `cas-features-${source}-`));
    roots.push(root);
    made += 1;
    return new ContentAddressedFileStorage(root);
  },
  afterScenario: () => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  },
};

export default setup;
