import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The command line is wrong (exit 2): an unknown command or option, a missing or malformed argument. */
export class UsageError extends Error {
  override name = 'UsageError';

  constructor(
    message: string,
    /** The command whose `--help` explains the right form. */
    readonly command?: string,
  ) {
    super(message);
  }
}

export type Options = NonNullable<ParseArgsConfig['options']>;

/** Options every command takes, wherever they stand on the line. */
export const GLOBAL_OPTIONS = {
  config: { type: 'string', short: 'c' },
  role: { type: 'string' },
  json: { type: 'boolean' },
  import: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const satisfies Options;

export type Values = Record<string, string | boolean | string[] | undefined>;

export interface Parsed {
  positionals: string[];
  values: Values;
}

/** Strict parsing with the command's options and the global ones; any mistake is a `UsageError`. */
export const parse = (argv: readonly string[], options: Options, command?: string): Parsed => {
  try {
    const { positionals, values } = parseArgs({ args: [...argv], options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true });
    return { positionals, values: values as Values };
  } catch (error) {
    throw new UsageError((error as Error).message, command);
  }
};

/** Lenient parsing, only to find the command words before the command's own options are known. */
export const commandWords = (argv: readonly string[], allOptions: Options): Parsed => {
  const { positionals, values } = parseArgs({ args: [...argv], options: { ...GLOBAL_OPTIONS, ...allOptions }, allowPositionals: true, strict: false });
  return { positionals, values: values as Values };
};

export const stringOption = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

/** A whole number option (`--width 200`); anything else is a usage error. */
export const integerOption = (values: Values, name: string, command: string, { min = 0 } = {}): number | undefined => {
  const raw = stringOption(values, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new UsageError(`--${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, got "${raw}"`, command);
  return Number(raw);
};

export const numberOption = (values: Values, name: string, command: string): number | undefined => {
  const raw = stringOption(values, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${raw}"`, command);
  return value;
};
