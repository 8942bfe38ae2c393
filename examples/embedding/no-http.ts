/**
 * The use cases without HTTP: a container built from a config, a listing
 * asked of the ListFiles use case directly.
 * Run: node --conditions=development --import tsx examples/embedding/no-http.ts <folder>
 */
import { buildContainer, TOKENS, validateConfig, type ListFiles } from 'editor-backend';

const config = validateConfig({
  files: {
    sources: { docs: { root: process.argv[2] ?? '.' } },
    accessControl: [{ role: 'batch-job', FILES: true }],
  },
});
const container = buildContainer(config);

const [listing] = await container.get<ListFiles>(TOKENS.ListFiles).execute({ role: 'batch-job', source: 'docs', path: '', options: { withFolders: true } });
for (const entry of listing!.entries) console.log(`${entry.kind}\t${entry.size}\t${entry.name}`);
