import type { CustomStorageConfig } from '../config/files-schema.js';
import { ConfigError } from '../config/load-config.js';
import type { FileStorage } from '../ports/file-storage.js';

export interface StorageFactoryContext {
  /** The source's name in `files.sources`. */
  source: string;
  /** Folder that relative paths in the settings are resolved against. */
  baseDir: string;
}

/** Makes a source's storage from its `storage` settings (`type` and whatever else the type needs). */
export type StorageFactory = (settings: CustomStorageConfig, context: StorageFactoryContext) => FileStorage;

const factories = new Map<string, StorageFactory>();
const BUILT_IN = new Set(['local', 's3']);

/** Adds (or replaces) a storage backend for `"storage": {"type": …}`; embedders call this before building the host. */
export const registerStorageType = (type: string, factory: StorageFactory): void => {
  if (BUILT_IN.has(type)) throw new Error(`"${type}" is a built-in storage type and cannot be replaced`);
  factories.set(type, factory);
};

export const customStorage = (settings: CustomStorageConfig, context: StorageFactoryContext): FileStorage => {
  const factory = factories.get(settings.type);
  if (!factory) {
    const known = ['local', 's3', ...factories.keys()].join(', ');
    throw new ConfigError(`files.sources.${context.source}.storage.type: no storage registered for "${settings.type}" (registered: ${known})`);
  }
  return factory(settings, context);
};
