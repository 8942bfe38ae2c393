/**
 * pdfmake lays a paragraph that spans pages out again for every page it
 * crosses: time grows with the square of its length (one 1.7 MB paragraph
 * took eight minutes, the same text in short paragraphs fifteen seconds).
 * Paragraphs longer than `MAX_CHARS` become a stack of shorter ones, cut
 * between inline runs or at a space; the only visible trace is a line that
 * ends early where a cut falls, once every few pages.
 */
const MAX_CHARS = 8_000;

type Run = string | { text?: unknown; [style: string]: unknown };
type Block = Record<string, unknown>;

const lengthOf = (text: unknown): number => {
  if (typeof text === 'string') return text.length;
  if (Array.isArray(text)) return text.reduce((sum: number, run: Run) => sum + lengthOf(typeof run === 'string' ? run : run?.text), 0);
  return 0;
};

/** A string in pieces of at most `MAX_CHARS`, cut after a space where there is one. */
const cutString = (text: string): string[] => {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > MAX_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_CHARS);
    const at = space > MAX_CHARS / 2 ? space + 1 : MAX_CHARS;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  return [...pieces, rest];
};

/** One run as consecutive runs of at most `MAX_CHARS` each (a run with its own styled runs inside is cut inside). */
const cutRun = (run: Run): Run[] => {
  const text = typeof run === 'string' ? run : run.text;
  if (lengthOf(text) <= MAX_CHARS) return [run];
  if (typeof text === 'string') return cutString(text).map((piece) => (typeof run === 'string' ? piece : { ...run, text: piece }));
  if (Array.isArray(text) && typeof run !== 'string') return packed(text as Run[]).map((group) => ({ ...run, text: group }));
  return [run];
};

/** Runs packed into groups of at most `MAX_CHARS`. */
const packed = (runs: Run[]): Run[][] => {
  const groups: Run[][] = [[]];
  let size = 0;
  for (const run of runs.flatMap(cutRun)) {
    const length = lengthOf(typeof run === 'string' ? run : run.text);
    if (size + length > MAX_CHARS && groups.at(-1)!.length > 0) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(run);
    size += length;
  }
  return groups;
};

const splitBlock = (block: unknown): unknown => {
  if (Array.isArray(block)) return block.map(splitBlock);
  if (!block || typeof block !== 'object') return block;
  const node = block as Block;
  for (const key of ['stack', 'ul', 'ol', 'columns']) if (Array.isArray(node[key])) node[key] = splitBlock(node[key]);
  const table = node.table as { body?: unknown[][] } | undefined;
  if (Array.isArray(table?.body)) table.body = table.body.map((row) => (Array.isArray(row) ? row.map(splitBlock) : row));
  if (lengthOf(node.text) <= MAX_CHARS) return node;
  // The block's own settings (margins, style, alignment) stay on the stack, which passes them down.
  const { text, ...settings } = node;
  return { ...settings, stack: packed(Array.isArray(text) ? (text as Run[]) : [text as Run]).map((group) => ({ text: group })) };
};

/** pdfmake content with every overlong paragraph split into a stack of short ones. */
export const splitLongText = (content: unknown): unknown => splitBlock(content);
