import type { Router } from 'express';
import type { Container } from 'inversify';
import { createFileConnectorRouter, type SourceFilesMount } from '../adapters/inbound/http/files/connector-router.js';
import type { CheckAuthentication } from '../adapters/inbound/http/files/authenticate.js';
import { StaticFileSources } from '../adapters/outbound/storage/static-file-sources.js';
import type { AccessRuleInput, FilesConfig, FilesConfigInput, SourceConfig, SourceConfigInput } from '../config/files-schema.js';
import { validateConfig } from '../config/load-config.js';
import type { AccessPolicy } from '../ports/access-policy.js';
import type { FileSource } from '../ports/file-sources.js';
import type { FileStorage } from '../ports/file-storage.js';
import { buildContainer, type ContainerOverrides } from './container.js';
import { filesHttpOptions } from './http-options.js';
import { localRoot, storageFromConfig } from './storage-from-config.js';

/** A source whose storage the embedder made itself. */
export interface SourceInstance {
  storage: FileStorage;
  title?: string;
  /** Where the client finds its files; default `files/<name>/` under the connector's mount point. */
  baseurl?: string;
}

export interface FileConnectorOptions extends Omit<FilesConfigInput, 'sources' | 'accessControl' | 'mountPath'> {
  /** Each source as config (a local `root`, `storage: {type: 's3' | registered type}`) or as a storage instance. */
  sources?: Record<string, SourceConfigInput | SourceInstance>;
  /** The rule list of the config, or a function deciding each check itself. */
  accessControl?: AccessRuleInput[] | AccessPolicy['isAllowed'];
  /** Request in, role out; throwing is a 401. Replaces `auth`. */
  checkAuthentication?: CheckAuthentication;
  publicUrl?: string;
  trustProxy?: boolean;
  /** Folder that relative roots are resolved against (default: the working directory). */
  baseDir?: string;
  /** Adapters by instance (image processor, document renderers, remote fetcher, metrics, SVG sanitizer…). */
  adapters?: ContainerOverrides;
}

/** An express router that is a whole file connector instance, with the container it was built from. */
export type FileConnector = Router & {
  readonly container: Container;
  /** Releases what the instance holds open (a Redis connection for its rate limit). */
  close(): Promise<void>;
};

/** A source given as an instance passes the config check as this storage type; the instance replaces it after. */
const INSTANCE_STORAGE = { type: 'instance' };

const isInstance = (source: SourceConfigInput | SourceInstance): source is SourceInstance =>
  typeof (source.storage as FileStorage | undefined)?.list === 'function';

const defaultSources: Record<string, SourceConfigInput | SourceInstance> = { default: { title: 'Files', root: './data/files' } };

const checkedConfig = (options: FileConnectorOptions): FilesConfig => {
  const { sources = defaultSources, accessControl, checkAuthentication: _a, publicUrl: _p, trustProxy: _t, baseDir: _b, adapters: _o, ...settings } = options;
  const asConfig = Object.fromEntries(
    Object.entries(sources).map(([name, source]) => [name, isInstance(source) ? { ...source, storage: INSTANCE_STORAGE } : source]),
  );
  const rules = typeof accessControl === 'function' ? [] : accessControl;
  return validateConfig({ files: { ...settings, sources: asConfig, ...(rules ? { accessControl: rules } : {}) } }).files!;
};

const relativeUrlPath = (baseurl: string): string | undefined =>
  baseurl.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(baseurl) ? undefined : `/${baseurl}`;

/**
 * A file connector to mount in any express app: `app.use('/cms', createFileConnector({…}))`
 * answers `/cms/?action=files`, `/cms/ping` and serves its sources' files
 * under `/cms/files/<source>/`. Every call builds its own container: instances
 * share no state.
 */
export const createFileConnector = (options: FileConnectorOptions = {}): FileConnector => {
  const config = checkedConfig(options);
  const baseDir = options.baseDir ?? process.cwd();
  const given = options.sources ?? defaultSources;
  const sources: FileSource[] = Object.entries(config.sources).map(([name, source]: [string, SourceConfig]) => {
    const original = given[name]!;
    return {
      name,
      title: source.title ?? name,
      baseurl: source.baseurl ?? `files/${name}/`,
      storage: isInstance(original) ? original.storage : storageFromConfig(name, source, baseDir),
    };
  });
  const fileMounts: SourceFilesMount[] = sources.flatMap((source) => {
    const urlPath = relativeUrlPath(source.baseurl);
    if (!urlPath) return [];
    const root = isInstance(given[source.name]!) ? undefined : localRoot(config.sources[source.name]!, baseDir);
    return [root ? { urlPath, root } : { urlPath, storage: source.storage }];
  });
  const container = buildContainer(
    { ...validateConfig({}), files: config },
    {
      fileSources: new StaticFileSources(sources),
      ...(typeof options.accessControl === 'function' ? { accessPolicy: { isAllowed: options.accessControl } } : {}),
      ...options.adapters,
    },
  );
  const router = createFileConnectorRouter({
    ...filesHttpOptions(config, container, {
      trustProxy: options.trustProxy ?? false,
      ...(options.checkAuthentication ? { checkAuthentication: options.checkAuthentication } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    }),
    fileMounts,
  });
  return Object.assign(router, { container, close: () => container.unbindAllAsync() });
};
