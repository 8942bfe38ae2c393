/**
 * `work`'s outcome, or `late()` thrown once `ms` have passed without one.
 * What `work` does after the deadline is ignored: its late rejection is
 * handled, so it can never surface as an unhandled one.
 */
export const answerWithin = async <T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> => {
  work.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};
