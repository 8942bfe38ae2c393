import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Container } from 'inversify';
import { buildContainer } from '../composition/container.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import type { AppConfig } from '../config/schema.js';
import type { AccessPolicy } from '../ports/access-policy.js';
import type { ConversationStore } from '../ports/conversation-store.js';
import { stringOption, type Values } from './args.js';
import type { Terminal } from './terminal.js';

/** The role the command runs as without `--role`: the person at the keyboard, who holds the config and its storage. */
export const OPERATOR_ROLE = 'operator';

/**
 * Without `--role` the rule list is not consulted: whoever can run this
 * command with this config can already read its storage credentials and
 * reach the files without the service. The use cases' own rules still hold
 * (safe paths and names, allowed extensions, size limits, SVG sanitising,
 * never overwriting).
 */
const operatorPolicy: AccessPolicy = { isAllowed: () => true };

/** A command-line generation is never continued, so no history is kept (nor sent to Redis). */
const noHistory: ConversationStore = { load: async () => undefined, save: async () => undefined };

export interface Session {
  config: AppConfig;
  container: Container;
  role: string;
  close(): Promise<void>;
}

/** `./my-provider.ts` from the working folder, or a package name. */
const moduleUrl = (spec: string): string => (/^\.{0,2}\//.test(spec) ? pathToFileURL(path.resolve(spec)).href : spec);

/** Loads `--import` modules (they register provider and storage types), the config, and builds the container. */
export const openSession = async (values: Values, terminal: Terminal, service: 'files' | 'ai'): Promise<Session> => {
  for (const spec of (values.import as string[] | undefined) ?? []) {
    try {
      await import(moduleUrl(spec));
    } catch (error) {
      throw new ConfigError(`--import ${spec}: ${(error as Error).message}`);
    }
  }
  const file = stringOption(values, 'config');
  const { config } = loadConfig(file ? ['--config', file] : []);
  if (!config[service]) throw new ConfigError(`The config has no "${service}" section: the ${service === 'files' ? 'file connector' : 'AI adapter'} is off`);
  const role = stringOption(values, 'role');
  if (role && service === 'files' && !config.files!.accessControl.some((rule) => rule.role === role || rule.role === '*')) {
    terminal.errLine(`warning: no rule in files.accessControl names the role "${role}"; it is refused everything`);
  }
  const container = buildContainer(config, {
    baseDir: process.cwd(),
    conversationStore: noHistory,
    ...(role ? {} : { accessPolicy: operatorPolicy }),
  });
  return { config, container, role: role ?? OPERATOR_ROLE, close: () => container.unbindAllAsync() };
};
