import type { ImageEditInput, ImageEditResult } from '../../../../../application/files/image-edit.js';
import type { RawBox } from '../../../../../domain/files/image-box.js';
import { InvalidInputError } from '../../../../../domain/errors.js';
import type { ActionContext, FileAction } from '../action.js';
import { required } from '../media-use-cases.js';
import { stringParam, type Params } from '../params.js';
import { absoluteBaseUrl } from '../public-url.js';

/**
 * `box` as the spec sends it (`"w,h"` for a resize, `"x,y,w,h"` for a crop)
 * or as Jodit does (`box[w]`, `box[h]`, `box[x]`, `box[y]`).
 */
export const boxFrom = (params: Params, kind: 'resize' | 'crop'): RawBox => {
  const box = params.box;
  if (typeof box === 'string') {
    const parts = box.split(',').map((part) => part.trim());
    if (kind === 'resize' && parts.length === 2) return { w: parts[0], h: parts[1] };
    if (kind === 'crop' && parts.length === 4) return { x: parts[0], y: parts[1], w: parts[2], h: parts[3] };
    throw new InvalidInputError(kind === 'resize' ? 'box must be "width,height"' : 'box must be "x,y,width,height"');
  }
  if (box && typeof box === 'object' && !Array.isArray(box)) {
    const { x, y, w, h, width, height } = box as Record<string, unknown>;
    return { x, y, w: w ?? width, h: h ?? height };
  }
  throw new InvalidInputError('The box parameter is required');
};

const inputFrom = (context: ActionContext, kind: 'resize' | 'crop'): ImageEditInput => {
  const { params, role } = context;
  const name = stringParam(params, 'name');
  if (!name) throw new InvalidInputError('The name parameter is required');
  const newname = stringParam(params, 'newname');
  return {
    role,
    name,
    box: boxFrom(params, kind),
    ...(stringParam(params, 'source') ? { source: stringParam(params, 'source')! } : {}),
    ...(stringParam(params, 'path') !== undefined ? { path: stringParam(params, 'path')! } : {}),
    ...(newname ? { newname } : {}),
  };
};

/** The reply the image editor reads: `newPath` is the URL of the result, which it puts in the document. */
const present = (context: ActionContext, result: ImageEditResult) => {
  const baseurl = absoluteBaseUrl(result.source.baseurl, context.req, context.options.publicUrl, context.options.trustProxy);
  const file = `${result.folder.toFolderString()}${result.name.value}`;
  return {
    newPath: baseurl + file.split('/').map(encodeURIComponent).join('/'),
    newname: result.name.value,
    path: result.folder.toFolderString(),
    width: result.width,
    height: result.height,
    messages: [`Saved ${result.name.value} (${result.width}×${result.height})`],
  };
};

export const imageResizeAction: FileAction = {
  name: 'imageResize',
  readOnly: false,
  async handle(context) {
    const useCase = required(context.options.useCases.resizeImage, 'imageResize');
    return present(context, await useCase.execute(inputFrom(context, 'resize')));
  },
};

export const imageCropAction: FileAction = {
  name: 'imageCrop',
  readOnly: false,
  async handle(context) {
    const useCase = required(context.options.useCases.cropImage, 'imageCrop');
    return present(context, await useCase.execute(inputFrom(context, 'crop')));
  },
};
