/**
 * The access rules of the matrix, and an independent reading of them per the
 * product decisions ("deny by default; a rule applies when its role (or `*`),
 * path prefix on segment boundaries and extension list all match; later rules
 * override earlier ones"). Deliberately not the code under test: the
 * expectations of the matrix come from here.
 */
export type Flag =
  | 'FILES' | 'FILE_MOVE' | 'FILE_UPLOAD' | 'FILE_UPLOAD_REMOTE' | 'FILE_REMOVE' | 'FILE_RENAME' | 'FILE_DOWNLOAD' | 'FOLDERS'
  | 'FOLDER_MOVE' | 'FOLDER_CREATE' | 'FOLDER_REMOVE' | 'FOLDER_RENAME' | 'IMAGE_RESIZE' | 'IMAGE_CROP' | 'GENERATE_PDF' | 'GENERATE_DOCX';

export const FLAGS: readonly Flag[] = [
  'FILES', 'FILE_MOVE', 'FILE_UPLOAD', 'FILE_UPLOAD_REMOTE', 'FILE_REMOVE', 'FILE_RENAME', 'FILE_DOWNLOAD', 'FOLDERS',
  'FOLDER_MOVE', 'FOLDER_CREATE', 'FOLDER_REMOVE', 'FOLDER_RENAME', 'IMAGE_RESIZE', 'IMAGE_CROP', 'GENERATE_PDF', 'GENERATE_DOCX',
];

export type Rule = { role: string; path?: string; extensions?: string[] } & Partial<Record<Flag, boolean>>;

const all = Object.fromEntries(FLAGS.map((flag) => [flag, true])) as Record<Flag, true>;
const CHANGES = { FILE_REMOVE: false, FILE_RENAME: false, FILE_MOVE: false, FILE_UPLOAD: false, FOLDER_CREATE: false, FOLDER_REMOVE: false, FOLDER_RENAME: false, FOLDER_MOVE: false, IMAGE_RESIZE: false, IMAGE_CROP: false } as const;

export const RULES: Rule[] = [
  { role: '*', path: 'public', FILES: true, FOLDERS: true, FILE_DOWNLOAD: true },
  { role: 'viewer', FILES: true, FOLDERS: true, FILE_DOWNLOAD: true },
  { role: 'viewer', path: '/system/', FILES: false, FILE_DOWNLOAD: false },
  { role: 'editor', ...all, FILE_UPLOAD_REMOTE: false, GENERATE_DOCX: false },
  { role: 'editor', path: 'locked', ...CHANGES },
  // Refusing two types must not refuse every other one.
  { role: 'editor', extensions: ['exe', 'php'], FILE_UPLOAD: false, FILE_RENAME: false },
  { role: 'uploader', path: 'inbox', extensions: ['txt'], FILE_UPLOAD: true },
  { role: 'uploader', path: 'inbox', FILES: true, FOLDERS: true },
  { role: 'imager', path: 'pics', FILES: true, IMAGE_RESIZE: true, IMAGE_CROP: true },
  // A rule for one file: that image may not be edited, its neighbours may.
  { role: 'imager', path: 'pics/keep.png', IMAGE_RESIZE: false, IMAGE_CROP: false },
  { role: 'mixed', FILE_RENAME: true, FILE_REMOVE: true, FILE_MOVE: true },
  { role: 'mixed', extensions: ['PNG'], FILE_RENAME: false, FILE_MOVE: false },
  { role: 'mixed', path: 'public', FILE_REMOVE: false },
  { role: 'mixed', path: 'public', extensions: ['txt'], FILE_REMOVE: true },
  { role: 'docs', FILES: true, GENERATE_PDF: true, GENERATE_DOCX: true },
  { role: 'remote', path: 'inbox', extensions: ['txt'], FILE_UPLOAD_REMOTE: true },
  { role: 'admin', ...all },
  { role: 'admin', path: 'system', FILE_REMOVE: false, FOLDER_REMOVE: false },
];

/** `guest` is the default role: no token at all. */
export const ROLES = ['guest', 'viewer', 'editor', 'uploader', 'imager', 'mixed', 'docs', 'remote', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const segments = (path: string): string[] => path.split('/').filter((part) => part !== '' && part !== '.');

const within = (target: string[], scope: string[]): boolean => scope.length <= target.length && scope.every((part, i) => target[i] === part);

/** The decision for one file or folder; `extension` undefined means a folder (rules limited to extensions do not apply). */
export const allowed = (role: string, flag: Flag, path: string, extension?: string): boolean => {
  let decision = false;
  for (const rule of RULES) {
    const value = rule[flag];
    if (value === undefined) continue;
    if (rule.role !== '*' && rule.role !== role) continue;
    if (!within(segments(path), segments(rule.path ?? ''))) continue;
    if (rule.extensions && !(extension !== undefined && rule.extensions.some((e) => e.toLowerCase() === extension.toLowerCase()))) continue;
    decision = value;
  }
  return decision;
};

const MENTIONED = [...new Set(RULES.flatMap((rule) => rule.extensions ?? []).map((e) => e.toLowerCase()))];

/** "May this role do it to some file here?": true when some extension (one the rules name, or any other) is allowed. */
export const allowedForSomeFile = (role: string, flag: Flag, path: string): boolean =>
  [...MENTIONED, 'an-extension-no-rule-names'].some((extension) => allowed(role, flag, path, extension));

export const extensionOf = (name: string): string => (name.lastIndexOf('.') > 0 ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

export const join = (folder: string, name: string): string => [...segments(folder), name].join('/');

/** `FILE_UPLOAD` → `allowFileUpload`, the key of the permissions answer. */
export const clientKey = (flag: Flag): string =>
  `allow${flag.toLowerCase().split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`;
