import { ContainerModule } from 'inversify';
import { CheckPermission } from '../application/files/check-permission.js';
import { ListFiles } from '../application/files/list-files.js';
import { AccessControlList } from '../domain/files/access-control-list.js';
import { StaticFileSources } from '../adapters/outbound/storage/static-file-sources.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { AccessPolicy } from '../ports/access-policy.js';
import type { FileSources } from '../ports/file-sources.js';
import { TOKENS } from '../ports/tokens.js';
import { storageFromConfig } from './storage-from-config.js';

export interface FilesOverrides {
  fileSources?: FileSources;
  accessPolicy?: AccessPolicy;
}

export const sourcesFromConfig = (config: FilesConfig, baseDir = process.cwd()): FileSources =>
  new StaticFileSources(
    Object.entries(config.sources).map(([name, source]) => ({
      name,
      title: source.title ?? name,
      baseurl: source.baseurl ?? `/files/${name}/`,
      storage: storageFromConfig(source, baseDir),
    })),
  );

/** The file connector's bindings: sources, access policy and its use cases. */
export const filesModule = (config: FilesConfig, overrides: FilesOverrides = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<FileSources>(TOKENS.FileSources).toConstantValue(overrides.fileSources ?? sourcesFromConfig(config));
    bind<AccessPolicy>(TOKENS.AccessPolicy).toConstantValue(overrides.accessPolicy ?? new AccessControlList(config.accessControl));
    bind(TOKENS.CheckPermission)
      .toResolvedValue((policy: AccessPolicy) => new CheckPermission(policy), [TOKENS.AccessPolicy])
      .inSingletonScope();
    bind(TOKENS.ListFiles)
      .toResolvedValue(
        (sources: FileSources, check: CheckPermission) => new ListFiles(sources, check),
        [TOKENS.FileSources, TOKENS.CheckPermission],
      )
      .inSingletonScope();
  });
