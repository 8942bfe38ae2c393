import path from 'node:path';
import type { Container } from 'inversify';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';
import { createHttpApp, type HttpAppOptions, type StaticMount } from '../adapters/inbound/http/app.js';
import { authenticatorFromConfig, type CheckAuthentication } from '../adapters/inbound/http/files/authenticate.js';
import type { FilesHttpOptions } from '../adapters/inbound/http/files/action.js';
import type { AiHttpOptions } from '../adapters/inbound/http/ai/router.js';
import { LogUsageRecorder } from '../adapters/outbound/usage-log/log-usage-recorder.js';
import type { AppConfig } from '../config/schema.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { AiConfig } from '../config/ai-schema.js';
import type { Metrics, MetricsExposition } from '../ports/metrics.js';
import { TOKENS } from '../ports/tokens.js';
import { buildContainer, type ContainerOverrides } from './container.js';

export type CheckAiAuthentication = (credentials: { apiKey: string; referer?: string; req: Request }) => string | null | Promise<string | null>;

export interface HostOptions {
  logger: Logger;
  overrides?: ContainerOverrides;
  checkAuthentication?: CheckAuthentication;
  /** The embedder's say on AI client keys: a user id, or null for 401. */
  checkAiAuthentication?: CheckAiAuthentication;
  /** SSE heartbeat interval for `/ai/request` (default 15 s). */
  aiHeartbeatMs?: number;
  /** Folder that relative source roots are resolved against. */
  baseDir?: string;
}

/** Sources whose baseurl is a path on this server are served by it. */
const staticMounts = (files: FilesConfig, baseDir: string): StaticMount[] =>
  Object.entries(files.sources)
    .map(([name, source]) => ({ urlPath: source.baseurl ?? `/files/${name}/`, root: path.resolve(baseDir, source.root) }))
    .filter((mount) => mount.urlPath.startsWith('/'));

const filesOptions = (config: AppConfig, files: FilesConfig, container: Container, host: HostOptions): FilesHttpOptions => ({
  useCases: {
    checkPermission: container.get(TOKENS.CheckPermission),
    listFiles: container.get(TOKENS.ListFiles),
    resizeImage: container.get(TOKENS.ResizeImage),
    cropImage: container.get(TOKENS.CropImage),
    uploadRemoteFile: container.get(TOKENS.UploadRemoteFile),
    generatePdf: container.get(TOKENS.GeneratePdf),
    generateDocx: container.get(TOKENS.GenerateDocx),
  },
  // Room for the HTML of generatePdf/generateDocx (their own limit answers 413 with a clearer message).
  maxBodyBytes: Math.max(1024 * 1024, files.documents.maxHtmlBytes + 64 * 1024),
  checkAuthentication: host.checkAuthentication ?? authenticatorFromConfig(files.auth, files.defaultRole),
  defaultRole: files.defaultRole,
  ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  trustProxy: config.trustProxy,
  ...(container.isBound(TOKENS.FilesConsumeRateLimit) ? { rateLimit: container.get(TOKENS.FilesConsumeRateLimit) } : {}),
});

const aiOptions = (ai: AiConfig, container: Container, host: HostOptions): AiHttpOptions => ({
  useCases: {
    checkHealth: container.get(TOKENS.CheckHealth),
    authenticateClient: container.get(TOKENS.AuthenticateClient),
    generateText: container.get(TOKENS.GenerateText),
    generateImage: container.get(TOKENS.GenerateImage),
    listProviders: container.get(TOKENS.ListProviders),
  },
  maxBodyBytes: ai.maxBodyBytes,
  ...(host.aiHeartbeatMs ? { heartbeatMs: host.aiHeartbeatMs } : {}),
  rateLimit: container.get(TOKENS.ConsumeRateLimit),
});

/** Host-level defaults for the AI adapter: usage goes to the log, the embedder's check becomes a `ClientVerifier`. */
const aiOverrides = (host: HostOptions): ContainerOverrides => {
  const check = host.checkAiAuthentication;
  return {
    usageRecorder: new LogUsageRecorder(host.logger),
    logger: host.logger,
    ...(check
      ? { clientVerifier: { verify: async ({ apiKey, referer, request }) => check({ apiKey, req: request as Request, ...(referer ? { referer } : {}) }) } }
      : {}),
    ...host.overrides,
  };
};

const opsOptions = (config: AppConfig, container: Container): NonNullable<HttpAppOptions['ops']> => ({
  recorder: container.get<Metrics>(TOKENS.Metrics),
  readiness: container.get(TOKENS.CheckReadiness),
  ...(container.isBound(TOKENS.MetricsExposition)
    ? { metrics: { path: config.metrics.path, exposition: container.get<MetricsExposition>(TOKENS.MetricsExposition) } }
    : {}),
});

/** Builds the container and the standalone express app from one config. */
export const createHost = (config: AppConfig, host: HostOptions): { app: Express; container: Container } => {
  const baseDir = host.baseDir ?? process.cwd();
  const container = buildContainer(config, aiOverrides(host));
  const app = createHttpApp({
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    logger: host.logger,
    ...(config.files
      ? {
          files: {
            ...filesOptions(config, config.files, container, host),
            mountPath: config.files.mountPath,
            staticMounts: host.overrides?.fileSources ? [] : staticMounts(config.files, baseDir),
          },
        }
      : {}),
    ...(config.ai ? { ai: aiOptions(config.ai, container, host) } : {}),
    ops: opsOptions(config, container),
  });
  return { app, container };
};
