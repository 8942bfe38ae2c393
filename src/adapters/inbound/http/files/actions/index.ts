import type { FileAction } from '../action.js';
import { generateDocxAction, generatePdfAction } from './generate-document-actions.js';
import { imageCropAction, imageResizeAction } from './image-actions.js';
import { listFilesAction } from './list-files-action.js';
import { uploadRemoteAction } from './upload-remote-action.js';

/** Every action the connector answers, by its `?action=` name. */
export const FILE_ACTIONS: ReadonlyMap<string, FileAction> = new Map([listFilesAction, imageResizeAction, imageCropAction, uploadRemoteAction, generatePdfAction, generateDocxAction].map((action) => [action.name, action]));
