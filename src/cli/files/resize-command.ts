import type { ResizeImage } from '../../application/files/resize-image.js';
import { TOKENS } from '../../ports/tokens.js';
import { integerOption, stringOption, UsageError } from '../args.js';
import type { Command } from '../command.js';
import { shown, splitPath } from './paths.js';

export const resizeCommand: Command = {
  group: 'files',
  name: 'resize',
  usage: '<source> <path>',
  summary: 'resize an image of a source, in place or under a new name',
  help: `A missing side keeps the aspect ratio. The image keeps its format; EXIF orientation is applied
and metadata stripped unless files.images.keepMetadata is on.

Options:
  --width <px>         the new width
  --height <px>        the new height (at least one of the two)
  --as <name>          write the result beside the original under this name instead of replacing it
  --json               one JSON object: {source, path, width, height}`,
  options: { width: { type: 'string' }, height: { type: 'string' }, as: { type: 'string' } },
  args: { min: 2, max: 2 },
  async run({ args: [source, file], values, session, terminal }) {
    const width = integerOption(values, 'width', 'files resize', { min: 1 });
    const height = integerOption(values, 'height', 'files resize', { min: 1 });
    if (width === undefined && height === undefined) throw new UsageError('give --width, --height or both', 'files resize');
    const { folder, name } = splitPath(file!, 'files resize');
    const newname = stringOption(values, 'as');
    const result = await session.container.get<ResizeImage>(TOKENS.ResizeImage).execute({
      role: session.role,
      source: source!,
      path: folder,
      name,
      ...(newname ? { newname } : {}),
      box: { w: width, h: height },
    });
    const written = shown(result.folder.toString(), result.name.value);
    if (values.json) await terminal.json({ source: result.source.name, path: written, width: result.width, height: result.height });
    else await terminal.line(`resized ${written} to ${result.width}x${result.height}`);
    return 0;
  },
};
