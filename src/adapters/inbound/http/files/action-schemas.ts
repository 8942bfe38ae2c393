import { z } from 'zod';

/**
 * The parameters of each file-connector action, merged from query and body.
 * They validate requests (a mismatch is a 400 with the issues) and are the
 * source of the OpenAPI document. Loose: the Jodit client sends more than we
 * read. Values arrive as strings from forms, so flags and numbers accept both.
 */
const text = z.string();
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])]);
const count = z.union([z.number(), z.string()]); // ranges and forms are checked by the domain, with clearer messages
const names = z.union([text, z.array(text), z.record(z.string(), text)]);
const where = { source: text.optional().meta({ description: 'Source name; empty or absent: every source (listings) or the first one' }), path: text.optional().meta({ description: 'Folder path inside the source, default "/"' }) };
const move = { ...where, from: text.optional().meta({ description: 'Jodit form: the item path from the source root (`path` is then the destination)' }), dest: text.optional().meta({ description: 'Spec form: the destination folder' }), name: names.optional() };

export const ACTION_PARAMS = {
  files: z.looseObject({
    ...where,
    mods: z
      .looseObject({ withFolders: flag.optional(), onlyImages: flag.optional(), filterWord: text.optional(), sortBy: text.optional().meta({ description: 'name|changed|size followed by -asc or -desc' }), offset: count.optional(), limit: count.optional() })
      .optional(),
  }),
  folders: z.looseObject(where),
  permissions: z.looseObject({ path: where.path }),
  fileUpload: z.looseObject(where),
  fileRemove: z.looseObject({ ...where, name: names }),
  fileMove: z.looseObject(move),
  fileRename: z.looseObject({ ...where, name: text, newname: text }),
  folderCreate: z.looseObject({ ...where, name: text }),
  folderRemove: z.looseObject({ ...where, name: text }),
  folderMove: z.looseObject(move),
  folderRename: z.looseObject({ ...where, name: text, newname: text }),
  fileDownload: z.looseObject({ ...where, name: text, inline: flag.optional() }),
  getLocalFileByUrl: z.looseObject({ url: text }),
  imageResize: z.looseObject({ ...where, name: text, newname: text.optional(), box: z.union([text.meta({ description: '"width,height"' }), z.looseObject({ w: count.optional(), h: count.optional(), width: count.optional(), height: count.optional() })]) }),
  imageCrop: z.looseObject({ ...where, name: text, newname: text.optional(), box: z.union([text.meta({ description: '"x,y,width,height"' }), z.looseObject({ x: count.optional(), y: count.optional(), w: count.optional(), h: count.optional() })]) }),
  fileUploadRemote: z.looseObject({ ...where, url: text }),
  generatePdf: z.looseObject({ html: text }),
  generateDocx: z.looseObject({ html: text }),
} satisfies Record<string, z.ZodType>;

export type ActionName = keyof typeof ACTION_PARAMS;
