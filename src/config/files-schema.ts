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
});

export type FilesConfig = z.output<typeof filesSchema>;
export type SourceConfig = z.output<typeof sourceSchema>;
