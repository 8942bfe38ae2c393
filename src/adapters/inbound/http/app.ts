import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { FilesHttpOptions } from './files/action.js';
import { createFilesRouter } from './files/router.js';
import { createAiRouter, sendAiError, type AiHttpOptions } from './ai/router.js';
import { corsPolicy, type AllowedOrigins } from './cors.js';
import type { Metrics } from '../../../ports/metrics.js';
import { createOpsRouter, type OpsHttpOptions } from './ops-router.js';
import { createOpenApiRouter } from './openapi/router.js';
import { createDemoRouter } from './demo/router.js';
import type { DemoPageOptions } from './demo/page.js';
import { requestId } from './request-id.js';
import { requestLog } from './request-log.js';
import { requestMetrics } from './request-metrics.js';
import { serveSourceFiles } from './static-files.js';
import { serveStorageFiles } from './storage-files.js';
import type { FileStorage } from '../../../ports/file-storage.js';

export interface StaticMount {
  /** URL path the files are served under, e.g. `/files/default/`. */
  urlPath: string;
  root: string;
}

/** A source served through its storage port (S3) rather than from a local folder. */
export interface StorageMount {
  urlPath: string;
  storage: FileStorage;
}

export interface HttpAppOptions {
  allowedOrigins: AllowedOrigins;
  trustProxy: boolean;
  logger: Logger;
  files?: FilesHttpOptions & { mountPath: string; staticMounts: StaticMount[]; storageMounts?: StorageMount[] };
  ai?: AiHttpOptions;
  /** Request metrics, `/ready` and the scrape endpoint. */
  ops?: OpsHttpOptions & { recorder: Metrics };
  /** Serves the demo editor page at /demo. */
  demo?: DemoPageOptions;
  /** Serves the OpenAPI document and its viewer. */
  docs?: { version: string };
}

/** The standalone HTTP host: CORS first, then request ids and logs, then each service's router. */
export const createHttpApp = (options: HttpAppOptions): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.set('trust proxy', options.trustProxy);
  app.use(requestId());
  app.use(requestLog(options.logger));
  if (options.ops) app.use(requestMetrics(options.ops.recorder));
  app.use(corsPolicy(options.allowedOrigins));
  if (options.ops) app.use(createOpsRouter(options.ops));
  if (options.demo) app.use(createDemoRouter(options.demo));
  if (options.docs) {
    app.use(createOpenApiRouter({ version: options.docs.version, ai: Boolean(options.ai), ...(options.files ? { filesMount: options.files.mountPath } : {}) }));
  }
  if (options.ai) app.use('/ai', createAiRouter(options.ai));
  if (options.files) {
    for (const mount of options.files.staticMounts) app.use(mount.urlPath, serveSourceFiles(mount.root));
    for (const mount of options.files.storageMounts ?? []) app.use(mount.urlPath, serveStorageFiles(mount.storage));
    app.use(options.files.mountPath, createFilesRouter(options.files));
  }
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ success: false, error: { code: 404, message: 'Not found' } });
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => sendAiError(res, error));
  return app;
};
