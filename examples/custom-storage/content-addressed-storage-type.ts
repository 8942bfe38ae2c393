import path from 'node:path';
import { ConfigError, type StorageFactory } from 'editor-backend';
import { ContentAddressedFileStorage } from './content-addressed-file-storage.js';

/**
 * The factory `registerStorageType('content-addressed', …)` takes:
 * `"storage": {"type": "content-addressed", "root": "./data/cas"}`, `root`
 * resolved against the host's base folder like a local source's.
 */
export const contentAddressedStorage: StorageFactory = (settings, context) => {
  const { type: _type, root, ...unknown } = settings;
  const at = `files.sources.${context.source}.storage`;
  if (typeof root !== 'string' || root.trim() === '') throw new ConfigError(`${at}.root: the folder that holds the store is required`);
  const extra = Object.keys(unknown);
  if (extra.length) throw new ConfigError(`${at}: unknown setting${extra.length > 1 ? 's' : ''} ${extra.join(', ')} (known: root)`);
  return new ContentAddressedFileStorage(path.resolve(context.baseDir, root));
};
