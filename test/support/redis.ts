import { randomBytes } from 'node:crypto';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test run (or helper running tests at the same time) shares. */
export const uniquePrefix = (label: string): string => `test:${label}:${Date.now()}:${randomBytes(4).toString('hex')}:`;
