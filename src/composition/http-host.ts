import path from 'node:path';
import type { Container } from 'inversify';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createHttpApp, type StaticMount } from '../adapters/inbound/http/app.js';
import { authenticatorFromConfig, type CheckAuthentication } from '../adapters/inbound/http/files/authenticate.js';
import type { FilesHttpOptions } from '../adapters/inbound/http/files/action.js';
import type { AiHttpOptions } from '../adapters/inbound/http/ai/router.js';
import type { AppConfig } from '../config/schema.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { AiConfig } from '../config/ai-schema.js';
import { TOKENS } from '../ports/tokens.js';
import { buildContainer, type ContainerOverrides } from './container.js';

export interface HostOptions {
  logger: Logger;
  overrides?: ContainerOverrides;
  checkAuthentication?: CheckAuthentication;
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
          },
        }
      : {}),
    ...(config.ai ? { ai: aiOptions(config.ai, container) } : {}),
  });
  return { app, container };
};
