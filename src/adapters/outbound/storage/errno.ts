/** The `code` of a failed file-system call (`ENOENT`, …), if it has one. */
export const errnoCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** The file system is out of room: blocks, inodes or the user's quota. */
export const isStorageFull = (error: unknown): boolean => ['ENOSPC', 'EDQUOT'].includes(errnoCode(error) ?? '');
