import { ProviderError } from '../../../src/domain/ai/errors.js';
import type { GenerationRequest } from '../../../src/domain/ai/messages.js';
import type { StreamPart } from '../../../src/domain/ai/stream-part.js';
import type { GenerationOptions, TextGenerator } from '../../../src/ports/text-generator.js';
import type { ObservedRequest } from '../../../src/testing/contracts/text-generator.contract.js';
import type { FakeScript } from './fake-upstream.js';

export interface FakeCall extends ObservedRequest {
  body: GenerationRequest;
}

const untilAborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * A hand-written `TextGenerator` for use-case tests: answers each call with
 * the next script (the last repeats) and records what it was asked, with no
 * network. It passes the same contract suite as the real adapters.
 */
export class FakeTextGenerator implements TextGenerator {
  readonly calls: FakeCall[] = [];
  private scripts: FakeScript[] = [{ kind: 'text', chunks: ['Hello', ' from the fake'], usage: { input: 3, output: 4 } }];

  constructor(readonly keepsHistory = false) {}

  respondWith(...scripts: FakeScript[]): void {
    this.scripts = scripts;
  }

  lastRequest(): FakeCall {
    const call = this.calls.at(-1);
    if (!call) throw new Error('the fake generator was never called');
    return call;
  }

  async *stream(request: GenerationRequest, options: GenerationOptions): AsyncIterable<StreamPart> {
    const call: FakeCall = { body: structuredClone(request), headers: { authorization: `Bearer ${options.apiKey ?? 'configured-key'}` }, aborted: false };
    this.calls.push(call);
    options.signal.addEventListener('abort', () => (call.aborted = true), { once: true });
    options.signal.throwIfAborted();
    const script = this.scripts.length > 1 ? this.scripts.shift()! : this.scripts[0]!;
    const n = this.calls.length;
    switch (script.kind) {
      case 'http-error':
        throw new ProviderError(`The provider answered ${script.status}: ${script.message}`, script.status, script.retryAfterSeconds === undefined ? undefined : script.retryAfterSeconds * 1000);
      case 'text':
        for (const delta of script.chunks) yield { type: 'text-delta', delta };
        yield this.finish(request, 'stop', script.usage, script.responseId ?? `fake_${n}`);
        return;
      case 'tool-call':
        yield { type: 'tool-call', toolCall: { id: `call_${n}`, name: script.name, arguments: script.arguments } };
        yield this.finish(request, 'tool-calls', script.usage, `fake_${n}`);
        return;
      case 'stall':
        for (const delta of script.chunks) yield { type: 'text-delta', delta };
        await untilAborted(options.signal);
        return;
      case 'fail-mid-stream':
        for (const delta of script.chunks) yield { type: 'text-delta', delta };
        throw new ProviderError(script.message, 500);
      default:
        throw new Error(`script ${script.kind} is not for text`);
    }
  }

  private finish(request: GenerationRequest, finishReason: 'stop' | 'tool-calls', usage: { input: number; output: number }, responseId: string): StreamPart {
    return {
      type: 'finish',
      // A provider that keeps no history has no id worth continuing from: the gateway makes one.
      ...(this.keepsHistory ? { responseId } : {}),
      model: request.model,
      finishReason,
      usage: { inputTokens: usage.input, outputTokens: usage.output, totalTokens: usage.input + usage.output },
    };
  }
}
