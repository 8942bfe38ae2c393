import type { FileAction } from '../action.js';
import { required } from '../media-use-cases.js';
import { stringParam } from '../params.js';
import { absoluteBaseUrl } from '../public-url.js';

/** `fileUploadRemote`: the server downloads a URL into a folder, behind the SSRF guard. */
export const uploadRemoteAction: FileAction = {
  name: 'fileUploadRemote',
  readOnly: false,
  async handle({ req, role, params, options }) {
    const useCase = required(options.useCases.uploadRemoteFile, 'fileUploadRemote');
    const source = stringParam(params, 'source');
    const path = stringParam(params, 'path');
    const result = await useCase.execute({ role, url: params.url, ...(source ? { source } : {}), ...(path !== undefined ? { path } : {}) });
    const file = `${result.folder.toFolderString()}${result.name.value}`;
    return {
      newfilename: result.name.value,
      baseurl: absoluteBaseUrl(result.source.baseurl, req, options.publicUrl, options.trustProxy),
      files: [file],
      isImages: [result.isImage],
      messages: [`Downloaded ${result.name.value} (${result.size} bytes)`],
    };
  },
};
