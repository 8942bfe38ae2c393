import { UsageError } from '../args.js';

/** `reports/2025/q1.pdf` → folder `reports/2025`, name `q1.pdf` (the use cases validate both). */
export const splitPath = (raw: string, command: string): { folder: string; name: string } => {
  const trimmed = raw.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  const name = trimmed.slice(slash + 1);
  if (!name) throw new UsageError(`"${raw}" names no file or folder`, command);
  return { folder: slash === -1 ? '' : trimmed.slice(0, slash), name };
};

/** A path as shown: from the source root, folders ending in `/`. */
export const shown = (folder: string, name: string, isFolder = false): string => `${folder ? `${folder}/` : ''}${name}${isFolder ? '/' : ''}`;
