import type { Container } from 'inversify';
import type { Request } from 'express';
import { authenticatorFromConfig, type CheckAuthentication } from '../adapters/inbound/http/files/authenticate.js';
import type { FilesHttpOptions } from '../adapters/inbound/http/files/action.js';
import { maxUploadBytes } from '../adapters/inbound/http/files/multipart.js';
import type { AiHttpOptions } from '../adapters/inbound/http/ai/router.js';
import type { AiConfig } from '../config/ai-schema.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { ClientVerifier } from '../ports/client-verifier.js';
import type { Metrics } from '../ports/metrics.js';
import { TOKENS } from '../ports/tokens.js';

export interface FilesHostSettings {
  checkAuthentication?: CheckAuthentication;
  publicUrl?: string;
  trustProxy: boolean;
}

/** The file connector's HTTP options, its use cases taken from the container. */
export const filesHttpOptions = (files: FilesConfig, container: Container, host: FilesHostSettings): FilesHttpOptions => ({
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
  maxUploadBytes: maxUploadBytes(files.maxFileSize),
  checkAuthentication: host.checkAuthentication ?? authenticatorFromConfig(files.auth, files.defaultRole),
  authTimeoutMs: files.authTimeoutMs,
  defaultRole: files.defaultRole,
  ...(host.publicUrl ? { publicUrl: host.publicUrl } : {}),
  trustProxy: host.trustProxy,
  ...(container.isBound(TOKENS.FilesConsumeRateLimit) ? { rateLimit: container.get(TOKENS.FilesConsumeRateLimit) } : {}),
});

/** The AI adapter's HTTP options, its use cases taken from the container. */
export const aiHttpOptions = (ai: AiConfig, container: Container, heartbeatMs?: number): AiHttpOptions => ({
  useCases: {
    checkHealth: container.get(TOKENS.CheckHealth),
    authenticateClient: container.get(TOKENS.AuthenticateClient),
    generateText: container.get(TOKENS.GenerateText),
    generateImage: container.get(TOKENS.GenerateImage),
    listProviders: container.get(TOKENS.ListProviders),
  },
  maxBodyBytes: ai.maxBodyBytes,
  ...(heartbeatMs ? { heartbeatMs } : {}),
  rateLimit: container.get(TOKENS.ConsumeRateLimit),
  metrics: container.get<Metrics>(TOKENS.Metrics),
});

/**
 * The embedder's say on AI client keys: a user id, or null for 401. `req` is
 * the express request, or the upgrade request of a WebSocket.
 */
export type CheckAiAuthentication = (credentials: { apiKey: string; referer?: string; req: Request }) => string | null | Promise<string | null>;

export const clientVerifierFrom = (check: CheckAiAuthentication): ClientVerifier => ({
  verify: async ({ apiKey, referer, request }) => check({ apiKey, req: request as Request, ...(referer ? { referer } : {}) }),
});
