import type { FileName } from '../../domain/files/file-name.js';
import { SafePath } from '../../domain/files/safe-path.js';
import type { ImageResolver, ResolvedImage } from '../../ports/document-renderer.js';
import type { FileSource } from '../../ports/file-sources.js';
import type { CheckPermission } from './check-permission.js';
import { readBounded } from './read-bounded.js';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The part of an image URL after a source's baseurl, or undefined when it is not under it. */
const pathUnder = (src: string, baseurl: string): string | undefined => {
  let url: URL;
  let base: URL;
  try {
    url = new URL(src, 'http://this.server');
    base = new URL(baseurl.endsWith('/') ? baseurl : `${baseurl}/`, 'http://this.server');
  } catch {
    return undefined;
  }
  // A path-only baseurl matches on the path alone (the editor writes absolute URLs on whatever origin it saw);
  // an absolute baseurl (a CDN) must match its origin too.
  const absoluteBase = /^https?:\/\//i.test(baseurl);
  if (absoluteBase && url.origin !== base.origin) return undefined;
  if (!url.pathname.startsWith(base.pathname)) return undefined;
  return url.pathname.slice(base.pathname.length);
};

/**
 * Resolves `<img src>` to files of the allowed sources, read through the
 * storage port and only where the role may see files: never the network.
 */
export const sourceImageResolver = (
  sources: readonly FileSource[],
  role: string,
  checkPermission: CheckPermission,
  maxImageBytes: number,
): ImageResolver => async (src): Promise<ResolvedImage | undefined> => {
  for (const source of sources) {
    const rest = pathUnder(src, source.baseurl);
    if (rest === undefined) continue;
    try {
      const path = SafePath.parse(decodeURIComponent(rest));
      const name: FileName | undefined = path.name;
      const contentType = name && CONTENT_TYPES[name.extension];
      if (!contentType) return undefined;
      await checkPermission.execute({ role, permission: 'FILES', target: { path: path.parent } });
      return { contentType, data: await readBounded(await source.storage.read(path), maxImageBytes) };
    } catch {
      return undefined; // missing, forbidden or too large: the image is left out, the document still renders
    }
  }
  return undefined;
};
