import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import type { Container } from 'inversify';
import { MemoryFileStorage } from '../../src/adapters/outbound/storage/memory-file-storage.js';
import type { FileStorage } from '../../src/ports/file-storage.js';
import { SafePath } from '../../src/domain/files/safe-path.js';
import { StaticFileSources } from '../../src/adapters/outbound/storage/static-file-sources.js';
import type { AccessRule } from '../../src/domain/files/access-control-list.js';
import { AccessControlList } from '../../src/domain/files/access-control-list.js';
import { parseConfig } from '../../src/config/load-config.js';
import { buildContainer } from '../../src/composition/container.js';
import type { StreamPart } from '../../src/domain/ai/stream-part.js';
import { AiScenario } from './ai-scenario.js';
import { MemoryMetrics } from '../../src/adapters/outbound/metrics-memory/memory-metrics.js';
import type { FixedReadinessCheck } from '../../test/support/fixed-readiness-check.js';
import { FakeDocumentRenderer } from '../../test/fakes/fake-document-renderer.js';
import { FakeImageProcessor } from '../../test/fakes/fake-image-processor.js';
import { FakeRemoteFetcher } from '../../test/fakes/fake-remote-fetcher.js';
import { embedderSetup } from './embedder-setup.js';

/**
 * One per scenario: sources (in memory, or the embedder's storage when
 * `EDITOR_BACKEND_FEATURES` names a setup) and rules, and a container built
 * from them the first time a step asks for a use case.
 */
export class EditorWorld extends World {
  readonly storages = new Map<string, FileStorage>();
  rules: AccessRule[] = [];
  role = 'guest';
  readonly ai = new AiScenario();
  /** The parts of the last text generation, kept even when it failed half-way. */
  aiText?: { parts: StreamPart[] };
  readonly readinessChecks: FixedReadinessCheck[] = [];
  readonly metrics = new MemoryMetrics();
  readonly images = new FakeImageProcessor(50_000_000);
  readonly internet = new FakeRemoteFetcher(false);
  readonly pdfRenderer = new FakeDocumentRenderer('pdf');
  readonly docxRenderer = new FakeDocumentRenderer('docx');
  result: unknown;
  error: unknown;
  /** `ai.rateLimit` for this scenario (the config defaults otherwise). */
  aiRateLimit: { max?: number; windowMs?: number } = {};
  /** The scenario's clock, in ms; steps move it forward. */
  time = Date.parse('2026-01-01T00:00:00Z');
  /** `files` config for this scenario (upload limits and types); the defaults otherwise. */
  filesConfig: Record<string, unknown> = {};
  private built?: Container;

  constructor(options: IWorldOptions) {
    super(options);
  }

  async storage(name: string): Promise<FileStorage> {
    let storage = this.storages.get(name);
    if (!storage) {
      storage = embedderSetup.storage ? await embedderSetup.storage(name) : new MemoryFileStorage();
      this.storages.set(name, storage);
    }
    return storage;
  }

  /** Puts a file in a source through the port, so any storage can be seeded; the memory one also takes a date. */
  async seed(source: string, path: string, content: Uint8Array | string, modifiedAt?: Date): Promise<void> {
    const storage = await this.storage(source);
    if (storage instanceof MemoryFileStorage) return storage.seedFile(path, content, modifiedAt);
    const safe = SafePath.parse(path);
    const missing: SafePath[] = [];
    for (let folder = safe.parent; !folder.isRoot && !(await storage.stat(folder)); folder = folder.parent) missing.unshift(folder);
    for (const folder of missing) await storage.createFolder(folder);
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    await storage.write(safe, (async function* () { yield bytes; })(), { overwrite: true });
  }

  /** A file's bytes read through the port, or undefined when there is no such file. */
  async contentOf(source: string, path: string): Promise<Uint8Array | undefined> {
    const storage = await this.storage(source);
    const safe = SafePath.parse(path);
    if ((await storage.stat(safe))?.kind !== 'file') return undefined;
    const chunks: Uint8Array[] = [];
    for await (const chunk of await storage.read(safe)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  get container(): Container {
    this.built ??= buildContainer(parseConfig({ files: this.filesConfig, ai: { ...this.ai.config, rateLimit: this.aiRateLimit } }, {}), {
      ...this.ai.overrides(),
      clock: { now: () => new Date(this.time) },
      fileSources: new StaticFileSources(
        [...this.storages].map(([name, storage]) => ({ name, title: name, baseurl: `/files/${name}/`, storage })),
      ),
      accessPolicy: new AccessControlList(this.rules),
      readinessChecks: this.readinessChecks,
      metrics: this.metrics,
      imageProcessor: this.images,
      remoteFetcher: this.internet,
      pdfRenderer: this.pdfRenderer,
      docxRenderer: this.docxRenderer,
    });
    return this.built;
  }

  async attempt(action: () => Promise<unknown> | unknown): Promise<void> {
    this.result = undefined;
    this.error = undefined;
    try {
      this.result = await action();
    } catch (error) {
      this.error = error;
    }
  }
}

setWorldConstructor(EditorWorld);
