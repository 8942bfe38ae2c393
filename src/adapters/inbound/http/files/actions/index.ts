import type { FileAction } from '../action.js';
import { listFilesAction } from './list-files-action.js';

/** Every action the connector answers, by its `?action=` name. */
export const FILE_ACTIONS: ReadonlyMap<string, FileAction> = new Map([listFilesAction].map((action) => [action.name, action]));
