import type { FileAction } from '../action.js';
import { generateDocxAction, generatePdfAction } from './generate-document-actions.js';
import { imageCropAction, imageResizeAction } from './image-actions.js';
import { listFilesAction } from './list-files-action.js';
import { uploadRemoteAction } from './upload-remote-action.js';
import { listFoldersAction, permissionsAction } from './browse-actions.js';
import {
  fileMoveAction,
  fileRemoveAction,
  fileRenameAction,
  folderCreateAction,
  folderMoveAction,
  folderRemoveAction,
  folderRenameAction,
} from './change-actions.js';
import { downloadAction } from './download-action.js';
import { localFileByUrlAction } from './local-file-by-url-action.js';
import { uploadAction } from './upload-action.js';

/** Every action the connector answers, by its `?action=` name. */
export const FILE_ACTIONS: ReadonlyMap<string, FileAction> = new Map(
  [
    listFilesAction,
    listFoldersAction,
    permissionsAction,
    uploadAction,
    fileRemoveAction,
    fileMoveAction,
    fileRenameAction,
    folderCreateAction,
    folderRemoveAction,
    folderMoveAction,
    folderRenameAction,
    downloadAction,
    localFileByUrlAction,
    imageResizeAction,
    imageCropAction,
    uploadRemoteAction,
    generatePdfAction,
    generateDocxAction,
  ].map((action) => [action.name, action]));
