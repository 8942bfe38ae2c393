import type { Request } from 'express';

export type Params = Record<string, unknown>;

/**
 * Query and body merged, with the body winning: the Jodit client posts
 * `action=fileUploadRemote` to a URL that already says `?action=fileUpload`.
 * Both were already parsed with bracket notation (`box[w]`, `name[]`).
 */
export const mergedParams = (req: Request): Params => {
  const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Params) : {};
  return { ...(req.query as Params), ...body };
};

export const stringParam = (params: Params, key: string): string | undefined => {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
  if (typeof value === 'object') return undefined;
  return String(value);
};

/** `name`, `name[]` or `name[0]…` — one value or many, as a list. */
export const listParam = (params: Params, key: string): string[] => {
  const value = params[key] ?? params[`${key}[]`];
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).map(String);
  return [String(value)];
};

const TRUE = new Set(['true', '1', 'yes', 'on']);

export const booleanParam = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && TRUE.has(value.toLowerCase()));

export const objectParam = (params: Params, key: string): Params =>
  params[key] && typeof params[key] === 'object' && !Array.isArray(params[key]) ? (params[key] as Params) : {};
