/**
 * A features setup (EDITOR_BACKEND_FEATURES) that runs the file scenarios on
 * real folders: each source a scenario names is a new temporary directory.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFileStorage } from '../../src/adapters/outbound/storage/local-file-storage.js';
import type { FeaturesSetup } from '../../src/testing/index.js';

const made: string[] = [];
let sources = 0;

// Lets the test that runs this setup see that the scenarios really used it.
const report = process.env.FEATURES_SETUP_REPORT;
if (report) process.on('exit', () => writeFileSync(report, String(sources)));

const setup: FeaturesSetup = {
  storage: (source) => {
    const root = mkdtempSync(path.join(tmpdir(), `features-${source}-`));
    made.push(root);
    sources += 1;
    return new LocalFileStorage(root);
  },
  afterScenario: () => {
    for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
  },
};

export default setup;
