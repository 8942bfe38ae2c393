import type { ListProviders } from '../../application/ai/list-providers.js';
import { TOKENS } from '../../ports/tokens.js';
import type { Command } from '../command.js';

export const providersCommand: Command = {
  group: 'ai',
  name: 'providers',
  usage: '',
  summary: 'list the enabled AI providers',
  help: `Options:
  --json               one JSON array: [{name, type, defaultModel?, configured}]`,
  options: {},
  args: { min: 0, max: 0 },
  async run({ values, session, terminal }) {
    const providers = session.container.get<ListProviders>(TOKENS.ListProviders).execute();
    if (values.json) await terminal.json(providers);
    else for (const p of providers) await terminal.line(`${p.name}\t${p.type}\t${p.defaultModel ?? '-'}${p.configured ? '' : '\t(no key configured)'}`);
    return 0;
  },
};
