import { InvalidInputError, NotFoundError } from '../../../../../domain/errors.js';
import { SafePath } from '../../../../../domain/files/safe-path.js';
import type { FileAction } from '../action.js';
import { stringParam } from '../params.js';
import { absoluteBaseUrl } from '../public-url.js';

/** `new URL` and `decodeURIComponent` throw on what the client sent (`http://[::1`, `%E0%A4%A`): that is a 400, not a failure of ours. */
const parsed = <T>(parse: () => T): T => {
  try {
    return parse();
  } catch {
    throw new InvalidInputError('The url parameter is not a valid URL');
  }
};

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
      const absolute = parsed(() => new URL(url, base).toString());
      if (!absolute.startsWith(base)) continue;
      const relative = SafePath.parse(parsed(() => decodeURIComponent(absolute.slice(base.length).split(/[?#]/)[0]!)));
      if (!relative.name) break;
      return { path: relative.parent.toFolderString(), name: relative.name.value, source: source.name };
    }
    throw new NotFoundError('The URL is not a file of any source');
  },
};
