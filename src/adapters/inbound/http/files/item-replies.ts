import type { ItemResults } from '../../../../application/files/item-results.js';

/**
 * The reply to a multi-item action: when every item failed, the first
 * failure is the answer (its status and message); otherwise 200 with a
 * message per item, failures included, so the client can show what happened.
 */
export const replyForItems = (results: ItemResults, verb: string): Record<string, unknown> => {
  if (results.done.length === 0 && results.failed[0]) throw results.failed[0].error;
  return {
    messages: [
      ...results.done.map((name) => `${verb} ${name}`),
      ...results.failed.map(({ name, error }) => `${name}: ${error.message}`),
    ],
    done: results.done,
    failed: results.failed.map(({ name, error }) => ({ name, code: error.code, message: error.message })),
  };
};
