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

export const sourceSchema = z.strictObject({
  title: z.string().optional(),
  root: z.string().min(1),
  baseurl: z.string().optional(),
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
