/**
 * The public entry point of `editor-backend`: mount the services in any
 * express app, run the standalone server, or drive the use cases from a
 * container without HTTP; extend it with provider types and storage backends.
 */
export { createFileConnector, type FileConnector, type FileConnectorOptions, type SourceInstance } from './composition/file-connector.js';
export { createAiAdapter, type AiAdapter, type AiAdapterOptions, type ProviderInstance } from './composition/ai-adapter.js';
export { startServer, type RunningEditorBackend, type StartServerOptions } from './composition/start-server.js';
export { buildContainer, type ContainerOverrides } from './composition/container.js';
export { registerProviderType, registeredProviderTypes, type ProviderFactory } from './composition/provider-types.js';
export { registerStorageType, type StorageFactory, type StorageFactoryContext } from './composition/storage-types.js';
export { createLogger } from './composition/logger.js';
export type { CheckAiAuthentication } from './composition/http-options.js';
export type { CheckAuthentication } from './adapters/inbound/http/files/authenticate.js';
export type { AiWebSocket } from './adapters/inbound/http/ai/websocket.js';

export { ConfigError, loadConfig, parseConfig, validateConfig } from './config/load-config.js';
export type { AppConfig, AppConfigInput } from './config/schema.js';
export type { AiConfigInput, ProviderConfig, ProviderConfigInput } from './config/ai-schema.js';
export type { AccessRuleInput, CustomStorageConfig, FilesConfigInput, SourceConfigInput } from './config/files-schema.js';

export { TOKENS } from './ports/tokens.js';
export type * from './ports/access-policy.js';
export type * from './ports/conversation-store.js';
export type * from './ports/document-renderer.js';
export type * from './ports/file-sources.js';
export type * from './ports/file-storage.js';
export type * from './ports/image-generator.js';
export type * from './ports/image-processor.js';
export type * from './ports/metrics.js';
export type * from './ports/provider-adapters.js';
export type * from './ports/rate-limiter.js';
export type * from './ports/remote-fetcher.js';
export type * from './ports/text-generator.js';

export * from './domain/errors.js';
export { ProviderError, ProviderTimeoutError, UnknownProviderError } from './domain/ai/errors.js';
export { RateLimitedError } from './domain/rate-limit.js';
export { SafePath } from './domain/files/safe-path.js';
export { FileName } from './domain/files/file-name.js';
export { numberedName } from './domain/files/suggested-file-name.js';
export type { StoredEntry, EntryKind } from './domain/files/file-entry.js';
export type { StreamPart, Usage, FinishReason } from './domain/ai/stream-part.js';
export type * from './domain/ai/messages.js';
export type { Permission } from './domain/files/permission.js';

// The use cases a non-HTTP host takes from `buildContainer(…).get(TOKENS.…)`.
export type { ListFiles } from './application/files/list-files.js';
export type { ListFolders } from './application/files/list-folders.js';
export type { UploadFiles } from './application/files/upload-files.js';
export type { RemoveFiles } from './application/files/remove-files.js';
export type { CreateFolder } from './application/files/create-folder.js';
export type { DownloadFile } from './application/files/download-file.js';
export type { ResizeImage } from './application/files/resize-image.js';
export type { CropImage } from './application/files/crop-image.js';
export type { GeneratePdf } from './application/files/generate-pdf.js';
export type { GenerateDocx } from './application/files/generate-docx.js';
export type { GenerateText } from './application/ai/generate-text.js';
export type { GenerateImage } from './application/ai/generate-image.js';
