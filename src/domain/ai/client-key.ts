const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client key is a UUID (8-4-4-4-12 hex digits with hyphens), in either case. */
export const isWellFormedClientKey = (key: string): boolean => UUID.test(key);

/** Keys compare without regard to case, as UUIDs do. */
export const sameClientKey = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
