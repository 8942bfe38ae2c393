import type { RemoveFiles } from '../../application/files/remove-files.js';
import { TOKENS } from '../../ports/tokens.js';
import type { Command } from '../command.js';
import { shown, splitPath } from './paths.js';

export const removeCommand: Command = {
  group: 'files',
  name: 'remove',
  usage: '<source> <path…>',
  summary: 'remove files (with their thumbnails); each on its own',
  help: `A file that cannot be removed is reported and the others are still removed; the exit code is then 1.

Options:
  --json               one JSON object: {source, removed: [path], failed: [{path, code, message}]}`,
  options: {},
  args: { min: 2 },
  async run({ args: [source, ...targets], values, session, terminal }) {
    const removeFiles = session.container.get<RemoveFiles>(TOKENS.RemoveFiles);
    const removed: string[] = [];
    const failed: { path: string; code: string; message: string }[] = [];
    for (const target of targets) {
      const { folder, name } = splitPath(target, 'files remove');
      const result = await removeFiles.execute({ role: session.role, source: source!, path: folder, names: [name] });
      if (result.done.length) removed.push(shown(folder, name));
      for (const f of result.failed) failed.push({ path: shown(folder, f.name), code: f.error.code, message: f.error.message });
    }
    if (values.json) await terminal.json({ source, removed, failed });
    else for (const path of removed) await terminal.line(`removed ${path}`);
    for (const f of failed) terminal.errLine(`editor-backend: cannot remove ${f.path}: ${f.message}`);
    return failed.length ? 1 : 0;
  },
};
