import type { Options, Values } from './args.js';
import type { Session } from './session.js';
import type { Terminal } from './terminal.js';

export interface CommandInput {
  /** The arguments after the command words. */
  args: string[];
  values: Values;
  session: Session;
  terminal: Terminal;
}

/** One `editor-backend <group> <name>` command. */
export interface Command {
  group: 'files' | 'ai';
  name: string;
  /** `<source> [path]` */
  usage: string;
  summary: string;
  /** Lines of `--help` after the usage line. */
  help: string;
  options: Options;
  args: { min: number; max?: number };
  /** The exit code: 0 done, 1 something failed (already reported on stderr). */
  run(input: CommandInput): Promise<number>;
}

export const commandName = (command: Pick<Command, 'group' | 'name'>): string => `${command.group} ${command.name}`;
