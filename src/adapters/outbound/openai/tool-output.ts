/** Tool results travel to the model as text; strings as they are, anything else as JSON. */
export const toolOutputText = (result: unknown): string => (typeof result === 'string' ? result : JSON.stringify(result ?? null));
