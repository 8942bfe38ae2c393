/**
 * The hardening suite runs its heavy cases at a reduced count in CI and at the
 * full count under `npm run test:hardening` (HARDENING_FULL=1).
 */
export const FULL = process.env.HARDENING_FULL === '1';

/** `ci` in the default run, `full` when HARDENING_FULL=1. */
export const scale = (ci: number, full: number): number => (FULL ? full : ci);
