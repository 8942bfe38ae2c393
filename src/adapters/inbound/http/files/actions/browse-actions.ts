import { clientPermissionKey, type Permission } from '../../../../../domain/files/permission.js';
import type { FileAction } from '../action.js';
import { stringParam } from '../params.js';
import { absoluteBaseUrl } from '../public-url.js';

/** `folders`: one level of the folder tree per source. */
export const listFoldersAction: FileAction = {
  name: 'folders',
  readOnly: true,
  async handle({ req, role, params, options }) {
    const listings = await options.useCases.listFolders.execute({
      role,
      source: stringParam(params, 'source') || undefined,
      path: stringParam(params, 'path'),
    });
    return {
      sources: listings.map((listing) => ({
        name: listing.source.name,
        title: listing.source.title,
        baseurl: absoluteBaseUrl(listing.source.baseurl, req, options.publicUrl, options.trustProxy),
        path: listing.path.toFolderString(),
        folders: listing.folders,
        files: [],
      })),
    };
  },
};

/** `permissions`: `allow<Flag>` for the role at the path, which the client uses to enable its buttons. */
export const permissionsAction: FileAction = {
  name: 'permissions',
  readOnly: true,
  async handle({ role, params, options }) {
    const granted = await options.useCases.getPermissions.execute({ role, path: stringParam(params, 'path') });
    return {
      permissions: Object.fromEntries(Object.entries(granted).map(([flag, allowed]) => [clientPermissionKey(flag as Permission), allowed])),
    };
  },
};
