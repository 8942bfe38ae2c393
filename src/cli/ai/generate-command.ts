import type { GenerateText, TextGeneration } from '../../application/ai/generate-text.js';
import type { Usage } from '../../domain/ai/stream-part.js';
import { TOKENS } from '../../ports/tokens.js';
import { integerOption, numberOption, stringOption, UsageError, type Values } from '../args.js';
import type { Command } from '../command.js';
import { cancellable, INTERRUPTED } from '../interrupt.js';
import type { Session } from '../session.js';
import type { Terminal } from '../terminal.js';
import { readPrompt } from './read-prompt.js';

const chooseProvider = (values: Values, session: Session): string => {
  const named = stringOption(values, 'provider');
  if (named) return named;
  const names = session.container.get<readonly string[]>(TOKENS.AiProviderNames);
  if (names.length === 1) return names[0]!;
  throw new UsageError(names.length ? `--provider is needed: one of ${names.join(', ')}` : 'the config enables no AI provider', 'ai generate');
};

const usageLine = (model: string, finishReason: string, usage: Usage | undefined, ms: number): string =>
  `[${model}] ${usage ? `${usage.inputTokens} input + ${usage.outputTokens} output = ${usage.totalTokens} tokens, ` : ''}finish: ${finishReason}, ${(ms / 1000).toFixed(1)} s`;

/** Writes the parts as they arrive: text to stdout, tool calls and the usage line to stderr (all as JSON lines with --json). */
const print = async (generation: TextGeneration, json: boolean, terminal: Terminal, started: number): Promise<void> => {
  let endsWithNewline = true;
  for await (const part of generation.parts) {
    if (json) await terminal.json(part);
    else if (part.type === 'text-delta') {
      await terminal.out(part.delta);
      if (part.delta) endsWithNewline = part.delta.endsWith('\n');
    } else if (part.type === 'tool-call') terminal.errLine(`tool call ${part.toolCall.name} ${JSON.stringify(part.toolCall.arguments)}`);
    else {
      if (!endsWithNewline && terminal.stdoutIsTerminal) await terminal.out('\n');
      terminal.errLine(usageLine(part.model, part.finishReason, part.usage, Date.now() - started));
    }
  }
};

export const generateCommand: Command = {
  group: 'ai',
  name: 'generate',
  usage: '<prompt…>',
  summary: 'stream a text generation to stdout',
  help: `The words of the prompt are joined with spaces; "-" reads the prompt from stdin.
Text is written to stdout as the provider streams it, nothing added; a usage line goes to stderr.
Ctrl-C stops the generation (the provider call is cancelled) and exits with 130.

Options:
  --provider <name>    a provider of ai.providers (may be left out when there is only one)
  --model <model>      default: the provider's defaultModel
  --system <text>      instructions (the system prompt)
  --temperature <t>    sampling temperature, where the provider takes one
  --max-tokens <n>     the most output tokens
  --timeout <ms>       default: ai.requestTimeoutMs
  --json               every part as one JSON line: text-delta, tool-call, finish (with usage)`,
  options: {
    provider: { type: 'string', short: 'p' },
    model: { type: 'string', short: 'm' },
    system: { type: 'string' },
    temperature: { type: 'string' },
    'max-tokens': { type: 'string' },
    timeout: { type: 'string' },
  },
  args: { min: 1 },
  async run({ args, values, session, terminal }) {
    const provider = chooseProvider(values, session);
    const temperature = numberOption(values, 'temperature', 'ai generate');
    const maxOutputTokens = integerOption(values, 'max-tokens', 'ai generate', { min: 1 });
    const timeoutMs = integerOption(values, 'timeout', 'ai generate', { min: 1 });
    const model = stringOption(values, 'model');
    const instructions = stringOption(values, 'system');
    const prompt = await readPrompt(args);
    if (!prompt.trim()) throw new UsageError('the prompt is empty', 'ai generate');
    const controller = new AbortController();
    const started = Date.now();
    const code = await cancellable(
      () => controller.abort(new Error('interrupted')),
      async () => {
        const generation = await session.container.get<GenerateText>(TOKENS.GenerateText).execute({
          provider,
          mode: 'full',
          messages: [{ role: 'user', content: prompt }],
          tools: [],
          selections: [],
          signal: controller.signal,
          ...(model ? { model } : {}),
          ...(instructions ? { instructions } : {}),
          ...(temperature === undefined ? {} : { temperature }),
          ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        });
        await print(generation, values.json === true, terminal, started);
        return 0;
      },
    );
    if (code === INTERRUPTED) {
      if (terminal.stdoutIsTerminal) await terminal.out('\n');
      terminal.errLine('editor-backend: interrupted; the generation was cancelled');
    }
    return code;
  },
};
