import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingFile, UploadFiles } from '../../application/files/upload-files.js';
import { TOKENS } from '../../ports/tokens.js';
import { stringOption } from '../args.js';
import type { Command } from '../command.js';
import { cancellable, INTERRUPTED } from '../interrupt.js';
import { formatBytes } from '../terminal.js';
import { UploadProgress } from './progress.js';

/** Size of each local file, or the reason it cannot be read. */
const localFiles = async (files: string[]) =>
  Promise.all(
    files.map(async (file) => {
      try {
        const info = await stat(file);
        return info.isFile() ? { file, size: info.size } : { file, problem: 'not a regular file' };
      } catch (error) {
        return { file, problem: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message };
      }
    }),
  );

export const uploadCommand: Command = {
  group: 'files',
  name: 'upload',
  usage: '<source> <file…>',
  summary: 'upload local files into a folder of a source, under the upload rules',
  help: `Each file keeps its name; a taken name gets a number (photo-1.jpg), as in the editor.
Extensions, maximum size and SVG sanitising follow files.allowedExtensions and files.maxFileSize.
Progress goes to stderr, one line per stored file to stdout.

Options:
  --path <folder>      the folder to upload into (default: the source's root)
  --json               one JSON object: {source, folder, stored: [{path, size, isImage}], failed: [{name, code, message}]}`,
  options: { path: { type: 'string' } },
  args: { min: 2 },
  async run({ args: [source, ...files], values, session, terminal }) {
    const found = await localFiles(files);
    const unreadable = found.filter((f) => 'problem' in f);
    for (const f of unreadable) terminal.errLine(`editor-backend: cannot upload ${f.file}: ${f.problem}`);
    if (unreadable.length) return 1;
    const progress = new UploadProgress(terminal);
    let reading: ReadStream | undefined;
    async function* incoming(): AsyncIterable<IncomingFile> {
      for (const { file, size } of found as { file: string; size: number }[]) {
        const stream = (reading = createReadStream(file));
        const name = path.basename(file);
        yield { name, content: progress.track(name, size, stream), discard: async () => void stream.destroy() };
      }
    }
    // Ctrl-C breaks the file being read: storage then drops its partial copy, and no further file is read.
    const result = await cancellable(
      () => reading?.destroy(new Error('interrupted')),
      () => session.container.get<UploadFiles>(TOKENS.UploadFiles).execute({ role: session.role, source: source!, path: stringOption(values, 'path') ?? '', files: incoming() }),
    );
    if (result === INTERRUPTED) {
      terminal.errLine('editor-backend: interrupted; the file being uploaded was not stored');
      return INTERRUPTED;
    }
    if (values.json) {
      await terminal.json({
        source: result.source.name,
        folder: result.folder.toString(),
        stored: result.stored.map((s) => ({ path: s.path.toString(), size: s.size, isImage: s.isImage })),
        failed: result.failed.map((f) => ({ name: f.name, code: f.error.code, message: f.error.message })),
      });
    } else {
      for (const stored of result.stored) await terminal.line(`stored ${stored.path.toString()} (${formatBytes(stored.size)})`);
    }
    for (const failed of result.failed) terminal.errLine(`editor-backend: ${failed.name} was not stored: ${failed.error.message}`);
    return result.failed.length ? 1 : 0;
  },
};
