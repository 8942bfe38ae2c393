import { InvalidInputError, NotFoundError } from '../../../../../domain/errors.js';
import { SafePath } from '../../../../../domain/files/safe-path.js';
import type { FileAction } from '../action.js';
import { stringParam } from '../params.js';
import { absoluteBaseUrl } from '../public-url.js';

/**
 * `getLocalFileByUrl`: which source file an URL in the document points to,
 * so the image editor can edit an image already inserted. Answers
 * `{path, name, source}` for a URL under a source's baseurl.
 */
export const localFileByUrlAction: FileAction = {
  name: 'getLocalFileByUrl',
  readOnly: true,
  async handle({ req, role, params, options }) {
    const url = stringParam(params, 'url');
    if (!url) throw new InvalidInputError('The url parameter is required');
    const listings = await options.useCases.listFolders.execute({ role, path: '' });
    for (const { source } of listings) {
      const base = absoluteBaseUrl(source.baseurl, req, options.publicUrl, options.trustProxy);
      const absolute = new URL(url, base).toString();
      if (!absolute.startsWith(base)) continue;
      const relative = SafePath.parse(decodeURIComponent(absolute.slice(base.length).split(/[?#]/)[0]!));
      if (!relative.name) break;
      return { path: relative.parent.toFolderString(), name: relative.name.value, source: source.name };
    }
    throw new NotFoundError('The URL is not a file of any source');
  },
};
