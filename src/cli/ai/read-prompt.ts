/** `-` alone: the prompt is stdin (a file, a here-document, another command's output). */
export const readPrompt = async (args: string[], stdin: AsyncIterable<Uint8Array | string> = process.stdin): Promise<string> => {
  if (args.length !== 1 || args[0] !== '-') return args.join(' ');
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of stdin) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
};
