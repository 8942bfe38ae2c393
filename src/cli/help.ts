import { commandName, type Command } from './command.js';

const line = (command: Command) => `  ${`${commandName(command)} ${command.usage}`.padEnd(36)}${command.summary}`;

const GLOBAL_HELP = `Options of every command:
  -c, --config <file>  the config file, JSON or YAML (default: the embedded defaults, as for npm start)
  --role <role>        act as this role: each file operation is checked against files.accessControl,
                       as for an HTTP request with that role (default: the local operator, whom the
                       rule list does not restrict; the upload rules and safe paths always apply)
  --import <module>    load a module first, e.g. one that registers a provider or storage type (repeatable)
  --json               machine-readable output on stdout
  -h, --help           this help, or a command's: editor-backend files upload --help
  -V, --version        the version`;

const EXIT_CODES = 'Exit codes: 0 done, 1 the operation failed, 2 a usage or config error, 130 interrupted (Ctrl-C).';

export const generalHelp = (commands: readonly Command[]): string => `editor-backend: the editor backend's file and AI operations from the command line,
on the same config and use cases as the server.

Usage: editor-backend [options] <command> [arguments]

Commands:
${commands.map(line).join('\n')}

${GLOBAL_HELP}

${EXIT_CODES}
`;

export const groupHelp = (group: string, commands: readonly Command[]): string => `Usage: editor-backend ${group} <command> [arguments] [options]

Commands:
${commands.filter((c) => c.group === group).map(line).join('\n')}

Run "editor-backend ${group} <command> --help" for a command's options.
`;

export const commandHelp = (command: Command): string => `Usage: editor-backend ${commandName(command)}${command.usage ? ` ${command.usage}` : ''} [options]

${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.

${command.help}

${GLOBAL_HELP}

${EXIT_CODES}
`;
