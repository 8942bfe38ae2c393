import type { Container } from 'inversify';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createHttpApp, type StaticMount, type StorageMount } from '../adapters/inbound/http/app.js';
import { authenticatorFromConfig, type CheckAuthentication } from '../adapters/inbound/http/files/authenticate.js';
import type { FilesHttpOptions } from '../adapters/inbound/http/files/action.js';
import type { AiHttpOptions } from '../adapters/inbound/http/ai/router.js';
import type { AppConfig } from '../config/schema.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { AiConfig } from '../config/ai-schema.js';
import type { FileSources } from '../ports/file-sources.js';
import { TOKENS } from '../ports/tokens.js';
import { buildContainer, type ContainerOverrides } from './container.js';
import { localRoot } from './storage-from-config.js';

export interface HostOptions {
  logger: Logger;
  overrides?: ContainerOverrides;
  checkAuthentication?: CheckAuthentication;
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
  useCases: { checkPermission: container.get(TOKENS.CheckPermission), listFiles: container.get(TOKENS.ListFiles) },
  checkAuthentication: host.checkAuthentication ?? authenticatorFromConfig(files.auth, files.defaultRole),
  defaultRole: files.defaultRole,
  ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  trustProxy: config.trustProxy,
});

const aiOptions = (ai: AiConfig, container: Container): AiHttpOptions => ({
  useCases: { checkHealth: container.get(TOKENS.CheckHealth) },
  maxBodyBytes: ai.maxBodyBytes,
});

/** Builds the container and the standalone express app from one config. */
export const createHost = (config: AppConfig, host: HostOptions): { app: Express; container: Container } => {
  const baseDir = host.baseDir ?? process.cwd();
  const container = buildContainer(config, host.overrides);
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
    ...(config.ai ? { ai: aiOptions(config.ai, container) } : {}),
  });
  return { app, container };
};
