import { APP_VERSION } from '../composition/version.js';
import { ConfigError } from '../config/load-config.js';
import { isDomainError } from '../domain/errors.js';
import { commandWords, parse, UsageError, type Options } from './args.js';
import { commandName, type Command } from './command.js';
import { COMMANDS, GROUPS } from './commands.js';
import { commandHelp, generalHelp, groupHelp } from './help.js';
import { Terminal } from './terminal.js';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const ALL_OPTIONS: Options = Object.assign({}, ...COMMANDS.map((c) => c.options));

const find = (group: string | undefined, name: string | undefined): Command => {
  if (!group) throw new UsageError('no command given');
  if (!(GROUPS as readonly string[]).includes(group)) throw new UsageError(`unknown command "${group}"`);
  const command = COMMANDS.find((c) => c.group === group && c.name === name);
  if (command) return command;
  const names = COMMANDS.filter((c) => c.group === group).map((c) => c.name).join(', ');
  throw new UsageError(name ? `unknown command "${group} ${name}" (${group} commands: ${names})` : `"${group}" needs a command: ${names}`, group);
};

const checkCount = (command: Command, args: string[]): void => {
  const { min, max } = command.args;
  if (args.length < min) throw new UsageError(`missing arguments: ${commandName(command)} ${command.usage}`, commandName(command));
  if (max !== undefined && args.length > max) throw new UsageError(`too many arguments: ${commandName(command)} ${command.usage}`, commandName(command));
};

const dispatch = async (argv: readonly string[], terminal: Terminal): Promise<number> => {
  const show = async (text: string) => {
    await terminal.out(text);
    return EXIT.ok;
  };
  const first = commandWords(argv, ALL_OPTIONS);
  if (first.values.version) return show(`${APP_VERSION}\n`);
  const [group, name] = first.positionals;
  if (first.values.help && !group) return show(generalHelp(COMMANDS));
  if (first.values.help && !name && (GROUPS as readonly (string | undefined)[]).includes(group)) return show(groupHelp(group!, COMMANDS));
  const command = find(group, name);
  const { positionals, values } = parse(argv, command.options, commandName(command));
  if (values.help) return show(commandHelp(command));
  const args = positionals.slice(2);
  checkCount(command, args);
  // Loaded only now: the container pulls in every adapter and SDK, which --help does not need.
  const { openSession } = await import('./session.js');
  const session = await openSession(values, terminal, command.group);
  try {
    return await command.run({ args, values, session, terminal });
  } finally {
    await session.close();
  }
};

/** One line on stderr and the exit code: 2 for the command line or the config, 1 for an operation that failed. */
const report = (error: unknown, terminal: Terminal): number => {
  if (error instanceof UsageError) {
    terminal.errLine(`editor-backend: ${error.message}`);
    terminal.errLine(`Run "editor-backend ${error.command ? `${error.command} ` : ''}--help" for usage.`);
    return EXIT.usage;
  }
  if (error instanceof ConfigError) {
    terminal.errLine(`editor-backend: ${error.message}`);
    return EXIT.usage;
  }
  const message = error instanceof Error ? error.message : String(error);
  terminal.errLine(isDomainError(error) ? `editor-backend: ${message}` : `editor-backend: unexpected failure: ${message}`);
  return EXIT.failed;
};

/** Runs one command line and gives back its exit code; never throws. */
export const main = async (argv: readonly string[], terminal = new Terminal()): Promise<number> => {
  try {
    return await dispatch(argv, terminal);
  } catch (error) {
    return report(error, terminal);
  }
};

/** The process entry (`bin/editor-backend.mjs`): exits with the code once the output is flushed, whatever still holds the event loop. */
export const run = async (argv: readonly string[]): Promise<never> => {
  const terminal = new Terminal();
  const code = await main(argv, terminal);
  await terminal.flush();
  process.exit(code);
};
