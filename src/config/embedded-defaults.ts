import { PERMISSIONS } from '../domain/files/permission.js';
import type { AppConfigInput } from './schema.js';

type Env = Record<string, string | undefined>;

const PROVIDERS_FROM_ENV = [
  { variable: 'OPENAI_API_KEY', name: 'openai', type: 'openai', defaultModel: 'gpt-4.1-mini' },
  { variable: 'GEMINI_API_KEY', name: 'gemini', type: 'gemini', defaultModel: 'gemini-2.5-flash' },
  { variable: 'ANTHROPIC_API_KEY', name: 'anthropic', type: 'anthropic', defaultModel: 'claude-sonnet-4-5' },
] as const;

/**
 * What `npm start` serves with no config file: a local playground. It listens
 * on loopback only, because the guest role may do everything here.
 */
export const embeddedDefaults = (env: Env): AppConfigInput => ({
  host: '127.0.0.1',
  demo: { enabled: true },
  ai: {
    providers: Object.fromEntries(
      PROVIDERS_FROM_ENV.filter((p) => env[p.variable]).map((p) => [
        p.name,
        { type: p.type, apiKey: `\${${p.variable}}`, defaultModel: p.defaultModel },
      ]),
    ),
  },
  files: {
    sources: { default: { title: 'Files', root: './data/files', baseurl: '/files/default/' } },
    defaultRole: 'guest',
    accessControl: [{ role: 'guest', ...Object.fromEntries(PERMISSIONS.map((p) => [p, true])) }],
  },
});
