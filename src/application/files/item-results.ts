import { DomainError } from '../../domain/errors.js';

/** What happened to each item of a multi-item action (remove or move several names). */
export interface ItemResults {
  done: string[];
  failed: { name: string; error: DomainError }[];
}

/**
 * Runs `task` for each item in turn, so one failure never stops or undoes
 * the others; unexpected errors are not swallowed.
 */
export const forEachItem = async (names: readonly string[], task: (name: string) => Promise<void>): Promise<ItemResults> => {
  const results: ItemResults = { done: [], failed: [] };
  for (const name of names) {
    try {
      await task(name);
      results.done.push(name);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.failed.push({ name, error });
    }
  }
  return results;
};
