import type { CreateFolder } from '../../application/files/create-folder.js';
import type { RemoveFolder } from '../../application/files/remove-folder.js';
import { TOKENS } from '../../ports/tokens.js';
import type { Command } from '../command.js';
import { splitPath } from './paths.js';

export const mkdirCommand: Command = {
  group: 'files',
  name: 'mkdir',
  usage: '<source> <path>',
  summary: 'create a folder (its parent must exist)',
  help: `Options:
  --json               one JSON object: {source, created}`,
  options: {},
  args: { min: 2, max: 2 },
  async run({ args: [source, target], values, session, terminal }) {
    const { folder, name } = splitPath(target!, 'files mkdir');
    const created = await session.container.get<CreateFolder>(TOKENS.CreateFolder).execute({ role: session.role, source: source!, path: folder, name });
    if (values.json) await terminal.json({ source, created: created.toString() });
    else await terminal.line(`created ${created.toFolderString()}`);
    return 0;
  },
};

export const rmdirCommand: Command = {
  group: 'files',
  name: 'rmdir',
  usage: '<source> <path>',
  summary: 'remove a folder and everything in it',
  help: `Options:
  --json               one JSON object: {source, removed}`,
  options: {},
  args: { min: 2, max: 2 },
  async run({ args: [source, target], values, session, terminal }) {
    const { folder, name } = splitPath(target!, 'files rmdir');
    const removed = await session.container.get<RemoveFolder>(TOKENS.RemoveFolder).execute({ role: session.role, source: source!, path: folder, name });
    if (values.json) await terminal.json({ source, removed: removed.toString() });
    else await terminal.line(`removed ${removed.toFolderString()}`);
    return 0;
  },
};
