import type { Container } from 'inversify';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';
import { createHttpApp, type HttpAppOptions, type StaticMount, type StorageMount } from '../adapters/inbound/http/app.js';
import { authenticatorFromConfig, type CheckAuthentication } from '../adapters/inbound/http/files/authenticate.js';
import type { FilesHttpOptions } from '../adapters/inbound/http/files/action.js';
import type { AiHttpOptions } from '../adapters/inbound/http/ai/router.js';
import { LogUsageRecorder } from '../adapters/outbound/usage-log/log-usage-recorder.js';
import type { AppConfig } from '../config/schema.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { AiConfig } from '../config/ai-schema.js';
import type { Metrics, MetricsExposition } from '../ports/metrics.js';
import type { FileSources } from '../ports/file-sources.js';
import { TOKENS } from '../ports/tokens.js';
import { buildContainer, type ContainerOverrides } from './container.js';
import { localRoot } from './storage-from-config.js';

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

/** Local sources whose baseurl is a path on this server are served by it from disk. */
const staticMounts = (files: FilesConfig, baseDir: string): StaticMount[] =>
  Object.entries(files.sources).flatMap(([name, source]) => {
    const root = localRoot(source, baseDir);
    const urlPath = source.baseurl ?? `/files/${name}/`;
    return root && urlPath.startsWith('/') ? [{ urlPath, root }] : [];
  });

/** S3 sources whose baseurl is a path on this server are streamed through their storage port. */
const storageMounts = (files: FilesConfig, container: Container): StorageMount[] => {
  const storages = new Map(container.get<FileSources>(TOKENS.FileSources).all().map((s) => [s.name, s.storage]));
  return Object.entries(files.sources).flatMap(([name, source]) => {
    const urlPath = source.baseurl ?? `/files/${name}/`;
    const storage = storages.get(name);
    return source.storage?.type === 's3' && storage && urlPath.startsWith('/') ? [{ urlPath, storage }] : [];
  });
};

const filesOptions = (config: AppConfig, files: FilesConfig, container: Container, host: HostOptions): FilesHttpOptions => ({
  useCases: {
    checkPermission: container.get(TOKENS.CheckPermission),
    listFiles: container.get(TOKENS.ListFiles),
    listFolders: container.get(TOKENS.ListFolders),
    getPermissions: container.get(TOKENS.GetPermissions),
    uploadFiles: container.get(TOKENS.UploadFiles),
    removeFiles: container.get(TOKENS.RemoveFiles),
    moveFiles: container.get(TOKENS.MoveFiles),
    renameFile: container.get(TOKENS.RenameFile),
    createFolder: container.get(TOKENS.CreateFolder),
    removeFolder: container.get(TOKENS.RemoveFolder),
    moveFolder: container.get(TOKENS.MoveFolder),
    renameFolder: container.get(TOKENS.RenameFolder),
    downloadFile: container.get(TOKENS.DownloadFile),
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
  metrics: container.get<Metrics>(TOKENS.Metrics),
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
            storageMounts: host.overrides?.fileSources ? [] : storageMounts(config.files, container),
          },
        }
      : {}),
    ...(config.ai ? { ai: aiOptions(config.ai, container, host) } : {}),
    ops: opsOptions(config, container),
    docs: { version: container.get<string>(TOKENS.AppVersion) },
    ...(config.demo.enabled
      ? { demo: { ai: Boolean(config.ai), clientKey: config.demo.clientKey, ...(config.files ? { filesUrl: config.files.mountPath } : {}) } }
      : {}),
  });
  return { app, container };
};
