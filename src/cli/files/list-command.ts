import type { ListFiles } from '../../application/files/list-files.js';
import { parseSortBy } from '../../domain/files/listing.js';
import { isImageName } from '../../domain/files/file-entry.js';
import { TOKENS } from '../../ports/tokens.js';
import { integerOption, stringOption, UsageError } from '../args.js';
import type { Command } from '../command.js';
import { formatBytes, formatTime } from '../terminal.js';

const SORT = /^(name|changed|size)(-(asc|desc))?$/;

export const listCommand: Command = {
  group: 'files',
  name: 'list',
  usage: '<source> [path]',
  summary: 'list a folder of a source (folders first)',
  help: `Options:
  --images             only images
  --filter <word>      only names containing <word>
  --sort <key>         name-asc (default), name-desc, changed-asc, changed-desc, size-asc, size-desc
  --offset <n>         skip the first <n> entries
  --limit <n>          show at most <n> entries
  --json               one JSON object: {source, path, entries: [{name, type, size, modified, isImage, thumbnail?}]}`,
  options: { images: { type: 'boolean' }, filter: { type: 'string' }, sort: { type: 'string' }, offset: { type: 'string' }, limit: { type: 'string' } },
  args: { min: 1, max: 2 },
  async run({ args: [source, folder = ''], values, session, terminal }) {
    const sort = stringOption(values, 'sort');
    if (sort !== undefined && !SORT.test(sort)) throw new UsageError(`--sort must be name, changed or size, with -asc or -desc; got "${sort}"`, 'files list');
    const limit = integerOption(values, 'limit', 'files list', { min: 1 });
    const filterWord = stringOption(values, 'filter');
    const [listing] = await session.container.get<ListFiles>(TOKENS.ListFiles).execute({
      role: session.role,
      source: source!,
      path: folder,
      options: {
        withFolders: true,
        onlyImages: values.images === true,
        sortBy: parseSortBy(sort),
        offset: integerOption(values, 'offset', 'files list') ?? 0,
        ...(limit === undefined ? {} : { limit }),
        ...(filterWord ? { filterWord } : {}),
      },
    });
    const entries = listing!.entries;
    if (values.json) {
      await terminal.json({
        source: listing!.source.name,
        path: listing!.path.toString(),
        entries: entries.map((entry) => {
          const thumbnail = listing!.thumbnails.get(entry.name.value);
          return {
            name: entry.name.value,
            type: entry.kind,
            size: entry.size,
            modified: entry.modifiedAt.toISOString(),
            isImage: entry.kind === 'file' && isImageName(entry.name),
            ...(thumbnail ? { thumbnail } : {}),
          };
        }),
      });
      return 0;
    }
    for (const entry of entries) {
      const size = entry.kind === 'folder' ? '-' : formatBytes(entry.size);
      await terminal.line(`${size.padStart(10)}  ${formatTime(entry.modifiedAt)}  ${entry.name.value}${entry.kind === 'folder' ? '/' : ''}`);
    }
    return 0;
  },
};
