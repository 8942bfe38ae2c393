import { z } from 'zod';
import { PERMISSIONS } from '../domain/files/permission.js';
import { rateLimitSchema } from './ai-schema.js';

const flagShape = Object.fromEntries(PERMISSIONS.map((p) => [p, z.boolean().optional()])) as Record<
  (typeof PERMISSIONS)[number],
  z.ZodOptional<z.ZodBoolean>
>;

export const accessRuleSchema = z.strictObject({
  role: z.string().min(1),
  path: z.string().optional(),
  extensions: z.array(z.string().min(1)).optional(),
  ...flagShape,
});

const MIN_PART_SIZE = 5 * 1024 * 1024;

export const s3StorageSchema = z
  .strictObject({
    type: z.literal('s3'),
    bucket: z.string().min(3),
    prefix: z
      .string()
      .default('')
      .refine((prefix) => !prefix.split('/').some((s) => s === '.' || s === '..'), 'cannot contain "." or ".." segments'),
    region: z.string().min(1).default('us-east-1'),
    endpoint: z.url().optional(),
    forcePathStyle: z.boolean().default(false),
    accessKeyId: z.string().min(1).optional(),
    secretAccessKey: z.string().min(1).optional(),
    /** Send `If-None-Match: *` on new files; turn off for a server that rejects it. */
    conditionalWrites: z.boolean().default(true),
    partSize: z.number().int().min(MIN_PART_SIZE, 'must be at least 5 MiB (the S3 minimum part size)').default(MIN_PART_SIZE),
    queueSize: z.number().int().min(1).max(16).default(4),
  })
  .refine((s) => (s.accessKeyId === undefined) === (s.secretAccessKey === undefined), {
    message: 'give both accessKeyId and secretAccessKey, or neither (to use the environment or an instance role)',
    path: ['secretAccessKey'],
  });

const builtInStorageSchema = z.discriminatedUnion('type', [z.strictObject({ type: z.literal('local') }), s3StorageSchema]);

/** A storage type added by an embedder with `registerStorageType`: its settings go to its factory as they are. */
export interface CustomStorageConfig {
  type: string;
  [setting: string]: unknown;
}

/** `local`, `s3`, or a registered custom type (checked when the host is built). */
export const storageSchema = z.looseObject({ type: z.string().min(1) }).transform((storage, ctx) => {
  if (storage.type !== 'local' && storage.type !== 's3') return storage as CustomStorageConfig;
  const builtIn = builtInStorageSchema.safeParse(storage);
  if (builtIn.success) return builtIn.data;
  for (const issue of builtIn.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

export const sourceSchema = z
  .strictObject({
    title: z.string().optional(),
    /** Folder of a local source; an S3 source has `storage.bucket` and `storage.prefix` instead. */
    root: z.string().min(1).optional(),
    baseurl: z.string().optional(),
    storage: storageSchema.optional(),
  })
  .superRefine((source, ctx) => {
    const type = source.storage?.type ?? 'local';
    if (type === 'local' && source.root === undefined) {
      ctx.addIssue({ code: 'custom', path: ['root'], message: 'a local source needs a root folder (or set "storage": {"type": "s3", …})' });
    }
    if (type !== 'local' && source.root !== undefined) {
      const message =
        type === 's3'
          ? 'an s3 source has no root: its files live under storage.bucket and storage.prefix'
          : `a "${type}" source has no root: its storage settings say where its files live`;
      ctx.addIssue({ code: 'custom', path: ['root'], message });
    }
  });

export const filesAuthSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({
    type: z.literal('jwt'),
    secret: z.string().min(16, 'must be at least 16 characters'),
    roleClaim: z.string().default('role'),
    cookie: z.string().default('access_token'),
  }),
]);

export const DEFAULT_EXTENSIONS = [
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'svg', 'ico',
  'txt', 'md', 'csv', 'json', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf',
  'zip', 'mp3', 'mp4', 'webm', 'ogg', 'wav',
];

export const imagesSchema = z.strictObject({
  /** Images with more pixels are refused from their header (decompression bombs). */
  maxInputPixels: z.number().int().positive().default(50_000_000),
  /** Largest side a resize or crop box may ask for. */
  maxDimension: z.number().int().positive().default(10_000),
  /** Keep EXIF/ICC/XMP metadata in edited images and thumbnails (stripped by default: EXIF can carry GPS positions). */
  keepMetadata: z.boolean().default(false),
});

export const thumbnailsSchema = z.strictObject({
  enabled: z.boolean().default(true),
  size: z.number().int().min(16).max(1024).default(250),
  /** Missing thumbnails one listing may make; the rest show the image itself until a later listing. */
  perListing: z.number().int().min(0).default(20),
});

export const documentsSchema = z.strictObject({
  /** Larger `html` is refused with 413. */
  maxHtmlBytes: z.number().int().positive().default(2 * 1024 * 1024),
  /** `turbodocx` writes real WordprocessingML; `html-docx-js` an altChunk only Microsoft Word expands. */
  docx: z.enum(['turbodocx', 'html-docx-js']).default('turbodocx'),
  /** Sources whose files may be embedded as images; omitted: every source. Nothing is ever fetched from the network. */
  imageSources: z.array(z.string()).optional(),
});

export const filesSchema = z.strictObject({
  mountPath: z.string().startsWith('/').default('/'),
  sources: z
    .record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'source names use letters, digits, - and _'), sourceSchema)
    .refine((sources) => Object.keys(sources).length > 0, 'at least one source is required')
    .default({ default: { title: 'Files', root: './data/files', baseurl: '/files/default/' } }),
  defaultRole: z.string().min(1).default('guest'),
  accessControl: z.array(accessRuleSchema).default([{ role: 'guest', FILES: true, FOLDERS: true }]),
  auth: filesAuthSchema.default({ type: 'none' }),
  /** A role callback (the embedder's `checkAuthentication`, or the JWT check) that has not answered by then is a 401. */
  authTimeoutMs: z.number().int().positive().default(10_000),
  maxFileSize: z.number().int().positive().default(10 * 1024 * 1024),
  allowedExtensions: z.array(z.string().min(1)).default(DEFAULT_EXTENSIONS),
  remoteUpload: z
    .strictObject({
      allowPrivateNetworks: z.boolean().default(false),
      maxBytes: z.number().int().positive().default(10 * 1024 * 1024),
      timeoutMs: z.number().int().positive().default(15_000),
    })
    .default({ allowPrivateNetworks: false, maxBytes: 10 * 1024 * 1024, timeoutMs: 15_000 }),
  /** Off unless set; same shape as `ai.rateLimit`, counted per client address. */
  rateLimit: rateLimitSchema.optional(),
  images: imagesSchema.default({ maxInputPixels: 50_000_000, maxDimension: 10_000, keepMetadata: false }),
  thumbnails: thumbnailsSchema.default({ enabled: true, size: 250, perListing: 20 }),
  documents: documentsSchema.default({ maxHtmlBytes: 2 * 1024 * 1024, docx: 'turbodocx' }),
});

export type FilesConfig = z.output<typeof filesSchema>;
export type SourceConfig = z.output<typeof sourceSchema>;
export type S3StorageConfig = z.output<typeof s3StorageSchema>;
export type FilesConfigInput = z.input<typeof filesSchema>;
export type SourceConfigInput = z.input<typeof sourceSchema>;
export type AccessRuleInput = z.input<typeof accessRuleSchema>;
