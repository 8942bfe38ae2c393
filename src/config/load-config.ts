import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { appConfigSchema, type AppConfig, type AppConfigInput } from './schema.js';
import { embeddedDefaults } from './embedded-defaults.js';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Replaces `${NAME}` in every string value; a missing variable is an error naming where it was used. */
export const interpolateEnv = (value: unknown, env: Env, at: string[] = []): unknown => {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
      const found = env[name];
      if (found === undefined) throw new ConfigError(`${at.join('.') || '(root)'}: environment variable ${name} is not set`);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => interpolateEnv(item, env, [...at, String(i)]));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env, [...at, k])]));
  }
  return value;
};

export const formatIssues = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('\n');

/** Validates a raw config object after interpolation and the PORT/HOST overrides. */
export const parseConfig = (raw: unknown, env: Env = process.env): AppConfig => {
  const interpolated = interpolateEnv(raw, env) as Record<string, unknown>;
  const withOverrides: Record<string, unknown> = { ...interpolated };
  if (env.PORT !== undefined) {
    const port = Number(env.PORT);
    if (!Number.isInteger(port)) throw new ConfigError(`PORT: expected an integer, got "${env.PORT}"`);
    withOverrides.port = port;
  }
  if (env.HOST) withOverrides.host = env.HOST;
  return validateConfig(withOverrides);
};

/** Validates a config object as it is: no `${NAME}` interpolation, no environment overrides (what embedders pass). */
export const validateConfig = (input: unknown): AppConfig => {
  const result = appConfigSchema.safeParse(input);
  if (!result.success) throw new ConfigError(`Invalid configuration:\n${formatIssues(result.error)}`);
  return result.data;
};

const readConfigFile = (file: string): unknown => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read config file ${file}: ${(error as Error).message}`);
  }
  try {
    return /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Config file ${file} is not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${(error as Error).message}`);
  }
};

export const configFileFromArgs = (argv: readonly string[]): string | undefined => {
  const index = argv.findIndex((arg) => arg === '--config' || arg.startsWith('--config='));
  if (index === -1) return undefined;
  const arg = argv[index]!;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
  if (!value) throw new ConfigError('--config needs a file path');
  return value;
};

/** The config for this process: the `--config` file when given, else the embedded defaults. */
export const loadConfig = (argv: readonly string[] = process.argv.slice(2), env: Env = process.env): { config: AppConfig; source: string } => {
  const file = configFileFromArgs(argv);
  const raw: AppConfigInput | unknown = file ? readConfigFile(file) : embeddedDefaults(env);
  return { config: parseConfig(raw, env), source: file ? path.resolve(file) : 'embedded defaults' };
};
