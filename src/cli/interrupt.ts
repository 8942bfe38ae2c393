/** Exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells report it. */
export const INTERRUPTED = 130;

/**
 * Ctrl-C while `task` runs calls `cancel` (which should make the task fail
 * soon, leaving nothing half-done behind); a second Ctrl-C exits at once.
 * Resolves to the task's result, or to `INTERRUPTED` when it was cancelled.
 */
export const cancellable = async <T>(cancel: () => void, task: () => Promise<T>): Promise<T | typeof INTERRUPTED> => {
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(INTERRUPTED);
    interrupted = true;
    cancel();
  };
  process.on('SIGINT', onSigint);
  try {
    return await task();
  } catch (error) {
    if (interrupted) return INTERRUPTED;
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
};
