import { InvalidInputError } from '../../../../../domain/errors.js';
import type { FileAction } from '../action.js';
import { replyForItems } from '../item-replies.js';
import { listParam, stringParam, type Params } from '../params.js';

const source = (params: Params) => stringParam(params, 'source') || undefined;
const named = (params: Params) => {
  const name = stringParam(params, 'name');
  if (!name) throw new InvalidInputError('The name parameter is required');
  return name;
};

/**
 * The items of a move in either form: the spec's (`path` = source folder,
 * `dest`, `name` or names) or the Jodit client's (`from` = the item's path
 * from the root, `path` = the destination).
 */
export const moveItems = (params: Params): { items: string[]; dest: string } => {
  const from = stringParam(params, 'from');
  if (from !== undefined && from !== '') return { items: [from], dest: stringParam(params, 'path') ?? '' };
  const dest = stringParam(params, 'dest');
  if (dest === undefined) throw new InvalidInputError('The dest parameter is required');
  const folder = (stringParam(params, 'path') ?? '').replace(/\/?$/, '/');
  const names = listParam(params, 'name');
  if (names.length === 0) throw new InvalidInputError('The name parameter is required');
  return { items: names.map((name) => (folder === '/' ? name : folder + name)), dest };
};

export const fileRemoveAction: FileAction = {
  name: 'fileRemove',
  readOnly: false,
  async handle({ role, params, options }) {
    const results = await options.useCases.removeFiles.execute({ role, source: source(params), path: stringParam(params, 'path'), names: listParam(params, 'name') });
    return replyForItems(results, 'Removed');
  },
};

export const fileMoveAction: FileAction = {
  name: 'fileMove',
  readOnly: false,
  async handle({ role, params, options }) {
    return replyForItems(await options.useCases.moveFiles.execute({ role, source: source(params), ...moveItems(params) }), 'Moved');
  },
};

export const fileRenameAction: FileAction = {
  name: 'fileRename',
  readOnly: false,
  async handle({ role, params, options }) {
    const to = await options.useCases.renameFile.execute({ role, source: source(params), path: stringParam(params, 'path'), name: named(params), newname: stringParam(params, 'newname') });
    return { messages: [`Renamed to ${to.name!.value}`], newname: to.name!.value };
  },
};

export const folderCreateAction: FileAction = {
  name: 'folderCreate',
  readOnly: false,
  async handle({ role, params, options }) {
    const created = await options.useCases.createFolder.execute({ role, source: source(params), path: stringParam(params, 'path'), name: named(params) });
    return { messages: [`Created ${created.name!.value}`], path: created.toFolderString() };
  },
};

export const folderRemoveAction: FileAction = {
  name: 'folderRemove',
  readOnly: false,
  async handle({ role, params, options }) {
    const removed = await options.useCases.removeFolder.execute({ role, source: source(params), path: stringParam(params, 'path'), name: named(params) });
    return { messages: [`Removed ${removed.name!.value}`] };
  },
};

export const folderMoveAction: FileAction = {
  name: 'folderMove',
  readOnly: false,
  async handle({ role, params, options }) {
    return replyForItems(await options.useCases.moveFolder.execute({ role, source: source(params), ...moveItems(params) }), 'Moved');
  },
};

export const folderRenameAction: FileAction = {
  name: 'folderRename',
  readOnly: false,
  async handle({ role, params, options }) {
    const to = await options.useCases.renameFolder.execute({ role, source: source(params), path: stringParam(params, 'path'), name: named(params), newname: stringParam(params, 'newname') });
    return { messages: [`Renamed to ${to.name!.value}`], newname: to.name!.value };
  },
};
