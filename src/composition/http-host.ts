import type { Server } from 'node:http';
import type { Container } from 'inversify';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createHttpApp, type HttpAppOptions, type StaticMount, type StorageMount } from '../adapters/inbound/http/app.js';
import type { CheckAuthentication } from '../adapters/inbound/http/files/authenticate.js';
import { attachAiWebSocket, type AiWebSocket } from '../adapters/inbound/http/ai/websocket.js';
import { LogUsageRecorder } from '../adapters/outbound/usage-log/log-usage-recorder.js';
import type { AppConfig } from '../config/schema.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { Metrics, MetricsExposition } from '../ports/metrics.js';
import type { FileSources } from '../ports/file-sources.js';
import { TOKENS } from '../ports/tokens.js';
import { buildContainer, type ContainerOverrides } from './container.js';
import { aiHttpOptions, clientVerifierFrom, filesHttpOptions, type CheckAiAuthentication } from './http-options.js';

export type { CheckAiAuthentication } from './http-options.js';
import { isLocal, localRoot } from './storage-from-config.js';

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

/** S3 and custom-storage sources whose baseurl is a path on this server are streamed through their storage port. */
const storageMounts = (files: FilesConfig, container: Container): StorageMount[] => {
  const storages = new Map(container.get<FileSources>(TOKENS.FileSources).all().map((s) => [s.name, s.storage]));
  return Object.entries(files.sources).flatMap(([name, source]) => {
    const urlPath = source.baseurl ?? `/files/${name}/`;
    const storage = storages.get(name);
    return !isLocal(source) && storage && urlPath.startsWith('/') ? [{ urlPath, storage }] : [];
  });
};

/** Host-level defaults for the AI adapter: usage goes to the log, the embedder's check becomes a `ClientVerifier`. */
const aiOverrides = (host: HostOptions): ContainerOverrides => {
  const check = host.checkAiAuthentication;
  return {
    usageRecorder: new LogUsageRecorder(host.logger),
    logger: host.logger,
    ...(check ? { clientVerifier: clientVerifierFrom(check) } : {}),
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
export interface Host {
  app: Express;
  container: Container;
  /** Serves text generation over WebSocket at `/ai/ws` of the server the app listens on (when AI is on). */
  attachWebSocket?: (server: Server) => AiWebSocket;
}

export const createHost = (config: AppConfig, host: HostOptions): Host => {
  const baseDir = host.baseDir ?? process.cwd();
  const container = buildContainer(config, { baseDir, ...aiOverrides(host) });
  const app = createHttpApp({
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    logger: host.logger,
    ...(config.files
      ? {
          files: {
            ...filesHttpOptions(config.files, container, {
              trustProxy: config.trustProxy,
              ...(host.checkAuthentication ? { checkAuthentication: host.checkAuthentication } : {}),
              ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
            }),
            mountPath: config.files.mountPath,
            staticMounts: host.overrides?.fileSources ? [] : staticMounts(config.files, baseDir),
            storageMounts: host.overrides?.fileSources ? [] : storageMounts(config.files, container),
          },
        }
      : {}),
    ...(config.ai ? { ai: aiHttpOptions(config.ai, container, host.aiHeartbeatMs) } : {}),
    ops: opsOptions(config, container),
    docs: { version: container.get<string>(TOKENS.AppVersion) },
    ...(config.demo.enabled
      ? { demo: { ai: Boolean(config.ai), clientKey: config.demo.clientKey, ...(config.files ? { filesUrl: config.files.mountPath } : {}) } }
      : {}),
  });
  const ai = config.ai ? aiHttpOptions(config.ai, container, host.aiHeartbeatMs) : undefined;
  return { app, container, ...(ai ? { attachWebSocket: (server: Server) => attachAiWebSocket(server, { ...ai, path: '/ai/ws' }) } : {}) };
};
