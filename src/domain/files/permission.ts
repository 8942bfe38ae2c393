export const PERMISSIONS = [
  'FILES',
  'FILE_MOVE',
  'FILE_UPLOAD',
  'FILE_UPLOAD_REMOTE',
  'FILE_REMOVE',
  'FILE_RENAME',
  'FILE_DOWNLOAD',
  'FOLDERS',
  'FOLDER_MOVE',
  'FOLDER_CREATE',
  'FOLDER_REMOVE',
  'FOLDER_RENAME',
  'IMAGE_RESIZE',
  'IMAGE_CROP',
  'GENERATE_PDF',
  'GENERATE_DOCX',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** `FILE_UPLOAD` → `allowFileUpload`, the key the Jodit client reads. */
export const clientPermissionKey = (permission: Permission): string =>
  'allow' +
  permission
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
