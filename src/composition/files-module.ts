import { ContainerModule } from 'inversify';
import { CheckPermission } from '../application/files/check-permission.js';
import { ListFiles } from '../application/files/list-files.js';
import { ListFolders } from '../application/files/list-folders.js';
import { GetPermissions } from '../application/files/get-permissions.js';
import { UploadFiles } from '../application/files/upload-files.js';
import { RemoveFiles } from '../application/files/remove-files.js';
import { MoveFiles } from '../application/files/move-files.js';
import { RenameFile } from '../application/files/rename-file.js';
import { CreateFolder } from '../application/files/create-folder.js';
import { RemoveFolder } from '../application/files/remove-folder.js';
import { MoveFolder } from '../application/files/move-folder.js';
import { RenameFolder } from '../application/files/rename-folder.js';
import { DownloadFile } from '../application/files/download-file.js';
import { UploadPolicy } from '../domain/files/upload-policy.js';
import type { SvgSanitizer } from '../ports/svg-sanitizer.js';
import { Parse5MarkupMeter } from '../adapters/outbound/markup-parse5/parse5-markup-meter.js';
import type { MarkupMeter } from '../ports/markup-meter.js';
import type { Thumbnails } from '../application/files/thumbnails.js';
import { AccessControlList } from '../domain/files/access-control-list.js';
import { StaticFileSources } from '../adapters/outbound/storage/static-file-sources.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { AccessPolicy } from '../ports/access-policy.js';
import type { FileSources } from '../ports/file-sources.js';
import type { Metrics } from '../ports/metrics.js';
import { TOKENS } from '../ports/tokens.js';
import { storageFromConfig } from './storage-from-config.js';
import { lazySvgSanitizer } from './lazy-adapters.js';

export interface FilesOverrides {
  fileSources?: FileSources;
  accessPolicy?: AccessPolicy;
  svgSanitizer?: SvgSanitizer;
  /** Folder that relative source roots are resolved against (default: the working directory). */
  baseDir?: string;
}

const { FileSources: SOURCES, CheckPermission: CHECK, Thumbnails: THUMBS } = TOKENS;

export const sourcesFromConfig = (config: FilesConfig, baseDir = process.cwd()): FileSources =>
  new StaticFileSources(
    Object.entries(config.sources).map(([name, source]) => ({
      name,
      title: source.title ?? name,
      baseurl: source.baseurl ?? `/files/${name}/`,
      storage: storageFromConfig(name, source, baseDir),
    })),
  );

/** The file connector's bindings: sources, access policy and its use cases. */
export const filesModule = (config: FilesConfig, overrides: FilesOverrides = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<FileSources>(TOKENS.FileSources).toConstantValue(overrides.fileSources ?? sourcesFromConfig(config, overrides.baseDir));
    bind<AccessPolicy>(TOKENS.AccessPolicy).toConstantValue(overrides.accessPolicy ?? new AccessControlList(config.accessControl));
    bind(TOKENS.CheckPermission)
      .toResolvedValue((policy: AccessPolicy) => new CheckPermission(policy), [TOKENS.AccessPolicy])
      .inSingletonScope();
    bind(TOKENS.ListFiles)
      .toResolvedValue(
        (sources: FileSources, check: CheckPermission, thumbnails: Thumbnails) => new ListFiles(sources, check, thumbnails),
        [TOKENS.FileSources, TOKENS.CheckPermission, TOKENS.Thumbnails],
      )
      .inSingletonScope();
    bind<UploadPolicy>(TOKENS.UploadPolicy).toConstantValue(new UploadPolicy(config.allowedExtensions, config.maxFileSize));
    bind<SvgSanitizer>(TOKENS.SvgSanitizer).toConstantValue(overrides.svgSanitizer ?? lazySvgSanitizer(async () => new (await import('../adapters/outbound/svg-dompurify/dompurify-svg-sanitizer.js')).DompurifySvgSanitizer()));
    bind<MarkupMeter>(TOKENS.MarkupMeter).toConstantValue(new Parse5MarkupMeter());
    // Each use case from its ports; the `inject` lists name them in constructor order.
    const useCase = <T>(token: symbol, inject: symbol[], make: (...deps: never[]) => T) =>
      bind(token).toResolvedValue(make as (...deps: unknown[]) => T, inject).inSingletonScope();
    useCase(TOKENS.ListFolders, [SOURCES, CHECK], (s: FileSources, c: CheckPermission) => new ListFolders(s, c));
    useCase(TOKENS.GetPermissions, [TOKENS.AccessPolicy], (p: AccessPolicy) => new GetPermissions(p));
    useCase(
      TOKENS.UploadFiles,
      [SOURCES, CHECK, TOKENS.UploadPolicy, TOKENS.SvgSanitizer, TOKENS.MarkupMeter, TOKENS.Metrics, THUMBS],
      (s: FileSources, c: CheckPermission, p: UploadPolicy, v: SvgSanitizer, k: MarkupMeter, m: Metrics, t: Thumbnails) => new UploadFiles(s, c, p, v, k, m, t),
    );
    useCase(TOKENS.RemoveFiles, [SOURCES, CHECK, THUMBS], (s: FileSources, c: CheckPermission, t: Thumbnails) => new RemoveFiles(s, c, t));
    useCase(TOKENS.MoveFiles, [SOURCES, CHECK, THUMBS], (s: FileSources, c: CheckPermission, t: Thumbnails) => new MoveFiles(s, c, t));
    useCase(
      TOKENS.RenameFile,
      [SOURCES, CHECK, TOKENS.UploadPolicy, THUMBS],
      (s: FileSources, c: CheckPermission, p: UploadPolicy, t: Thumbnails) => new RenameFile(s, c, p, t),
    );
    useCase(TOKENS.CreateFolder, [SOURCES, CHECK], (s: FileSources, c: CheckPermission) => new CreateFolder(s, c));
    useCase(TOKENS.RemoveFolder, [SOURCES, CHECK], (s: FileSources, c: CheckPermission) => new RemoveFolder(s, c));
    useCase(TOKENS.MoveFolder, [SOURCES, CHECK], (s: FileSources, c: CheckPermission) => new MoveFolder(s, c));
    useCase(TOKENS.RenameFolder, [SOURCES, CHECK], (s: FileSources, c: CheckPermission) => new RenameFolder(s, c));
    useCase(TOKENS.DownloadFile, [SOURCES, CHECK], (s: FileSources, c: CheckPermission) => new DownloadFile(s, c));
  });
