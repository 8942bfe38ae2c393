import type { IncomingFile } from '../../../../../application/files/upload-files.js';
import { InvalidInputError, TooLargeError } from '../../../../../domain/errors.js';
import type { FileAction } from '../action.js';
import { MAX_FILES_PER_UPLOAD, readMultipart } from '../multipart.js';
import { stringParam } from '../params.js';
import { absoluteBaseUrl } from '../public-url.js';
import { uploadRemoteAction } from './upload-remote-action.js';

async function* startingWith(first: IncomingFile, rest: AsyncIterator<IncomingFile>): AsyncIterable<IncomingFile> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * `fileUpload`: multipart, streamed file by file into storage. `path` and
 * `source` come from fields sent before the first file (the Jodit uploader
 * sends them first) or the query. Refused files are reported by name; when
 * every file was refused, the first refusal is the answer (413, 415, …).
 */
export const uploadAction: FileAction = {
  name: 'fileUpload',
  readOnly: false,
  async handle(context) {
    const { req, res, role, params, options } = context;
    const declared = Number(req.headers['content-length']);
    if (options.maxUploadBytes && declared > options.maxUploadBytes) {
      // Reading gigabytes only to refuse them helps nobody: answer now and close instead of draining.
      res.setHeader('Connection', 'close');
      throw new TooLargeError(`The upload is larger than ${options.maxUploadBytes} bytes`);
    }
    try {
      const upload = readMultipart(req, { maxFiles: MAX_FILES_PER_UPLOAD, maxFieldBytes: 64 * 1024 });
      const files = upload.files[Symbol.asyncIterator]();
      const first = await files.next();
      // The Jodit uploader posts a remote upload as a form to the upload URL: its body names the real action.
      if (first.done && upload.fields.action === uploadRemoteAction.name) {
        return uploadRemoteAction.handle({ ...context, params: { ...params, ...upload.fields } });
      }
      if (first.done) throw new InvalidInputError('No file was sent');
      const source = upload.fields.source || stringParam(params, 'source') || undefined;
      const path = upload.fields.path ?? stringParam(params, 'path');
      const result = await options.useCases.uploadFiles.execute({
        role,
        ...(source ? { source } : {}),
        ...(path !== undefined ? { path } : {}),
        files: startingWith(first.value, files),
      });
      if (result.stored.length === 0 && result.failed[0]) throw result.failed[0].error;
      return {
        files: result.stored.map((file) => file.path.toString()),
        isImages: result.stored.map((file) => file.isImage),
        baseurl: absoluteBaseUrl(result.source.baseurl, req, options.publicUrl, options.trustProxy),
        path: result.folder.toFolderString(),
        messages: [
          ...result.stored.map((file) => `Uploaded ${file.path.name!.value}`),
          ...result.failed.map(({ name, error }) => `${name}: ${error.message}`),
        ],
      };
    } catch (error) {
      // Stop reading a refused upload; the answer goes out and the connection closes.
      req.unpipe();
      req.resume();
      throw error;
    }
  },
};
