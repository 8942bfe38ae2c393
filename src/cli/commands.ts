import { generateCommand } from './ai/generate-command.js';
import { providersCommand } from './ai/providers-command.js';
import type { Command } from './command.js';
import { mkdirCommand, rmdirCommand } from './files/folder-commands.js';
import { listCommand } from './files/list-command.js';
import { removeCommand } from './files/remove-command.js';
import { resizeCommand } from './files/resize-command.js';
import { uploadCommand } from './files/upload-command.js';

export const COMMANDS: readonly Command[] = [
  listCommand,
  uploadCommand,
  resizeCommand,
  mkdirCommand,
  removeCommand,
  rmdirCommand,
  generateCommand,
  providersCommand,
];

export const GROUPS = ['files', 'ai'] as const;
