import type { Request, Response } from 'express';
import type { CheckPermission } from '../../../../application/files/check-permission.js';
import type { ListFiles } from '../../../../application/files/list-files.js';
import type { ListFolders } from '../../../../application/files/list-folders.js';
import type { GetPermissions } from '../../../../application/files/get-permissions.js';
import type { UploadFiles } from '../../../../application/files/upload-files.js';
import type { RemoveFiles } from '../../../../application/files/remove-files.js';
import type { MoveFiles } from '../../../../application/files/move-files.js';
import type { RenameFile } from '../../../../application/files/rename-file.js';
import type { CreateFolder } from '../../../../application/files/create-folder.js';
import type { RemoveFolder } from '../../../../application/files/remove-folder.js';
import type { MoveFolder } from '../../../../application/files/move-folder.js';
import type { RenameFolder } from '../../../../application/files/rename-folder.js';
import type { DownloadFile } from '../../../../application/files/download-file.js';
import type { ConsumeRateLimit } from '../../../../application/rate-limit/consume-rate-limit.js';
import type { MediaUseCases } from './media-use-cases.js';
import type { CheckAuthentication } from './authenticate.js';
import type { Params } from './params.js';

/** The use cases the file connector's HTTP adapter drives. */
export interface FileUseCases extends Partial<MediaUseCases> {
  checkPermission: CheckPermission;
  listFiles: ListFiles;
  listFolders: ListFolders;
  getPermissions: GetPermissions;
  uploadFiles: UploadFiles;
  removeFiles: RemoveFiles;
  moveFiles: MoveFiles;
  renameFile: RenameFile;
  createFolder: CreateFolder;
  removeFolder: RemoveFolder;
  moveFolder: MoveFolder;
  renameFolder: RenameFolder;
  downloadFile: DownloadFile;
}

export interface FilesHttpOptions {
  useCases: FileUseCases;
  checkAuthentication: CheckAuthentication;
  /** A callback that has not answered by then is a 401 (default 10 s). */
  authTimeoutMs?: number;
  defaultRole: string;
  publicUrl?: string;
  trustProxy: boolean;
  /** Bytes accepted in a urlencoded or JSON body (uploads are streamed and limited separately). */
  maxBodyBytes?: number;
  /** An upload whose declared `Content-Length` is longer is refused (413) before a byte of it is read. */
  maxUploadBytes?: number;
  /** When `files.rateLimit` is set: counts each action after the role is resolved, keyed by client address. */
  rateLimit?: ConsumeRateLimit;
}

export interface ActionContext {
  req: Request;
  res: Response;
  role: string;
  params: Params;
  options: FilesHttpOptions;
}

/**
 * One `?action=`. `handle` returns the `data` object of the success envelope,
 * or `undefined` when it has written the response itself (a download).
 */
export interface FileAction {
  name: string;
  /** Read-only actions answer GET and POST; the rest only POST. */
  readOnly: boolean;
  handle(context: ActionContext): Promise<Record<string, unknown> | undefined>;
}
