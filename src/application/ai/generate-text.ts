import { ConversationsUnavailableError, ProviderError, UnknownProviderError } from '../../domain/ai/errors.js';
import type { ChatMessage, GenerationRequest, ToolCall } from '../../domain/ai/messages.js';
import type { StreamPart } from '../../domain/ai/stream-part.js';
import { InvalidInputError } from '../../domain/errors.js';
import type { Clock } from '../../ports/clock.js';
import type { ConversationStore } from '../../ports/conversation-store.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Provider, ProviderRegistry } from '../../ports/provider-registry.js';
import type { UsageRecorder } from '../../ports/usage-recorder.js';
import { Deadline, effectiveTimeout, type TimeoutSettings } from './deadline.js';
import { buildGenerationRequest, type ClientContext } from './generation-request.js';
import { retryBeforeFirstPart, type Retrying } from './retry.js';
import { UsageMeter } from './usage-meter.js';

export interface GenerateTextInput extends ClientContext {
  provider: string;
  mode: 'full' | 'incremental';
  /** The response this one continues, in incremental mode. */
  parentMessageId?: string;
  model?: string;
  timeoutMs?: number;
  /** The client's own provider key, used when the provider allows it. */
  providerKey?: string;
  userId?: string;
  clientKey?: string;
  /** Fires when the client goes away. */
  signal: AbortSignal;
}

export type FinishPart = Extract<StreamPart, { type: 'finish' }> & { responseId: string };

export interface TextGeneration {
  /** Known before the provider answers; the final id (the provider's, where it has one) is on the finish part. */
  responseId: string;
  model: string;
  /** Text deltas and tool calls as they come, then one finish; a failure throws (`ProviderError`, `ProviderTimeoutError`). */
  parts: AsyncIterable<Exclude<StreamPart, { type: 'finish' }> | FinishPart>;
}

export interface GenerateTextPorts {
  providers: ProviderRegistry;
  conversations: ConversationStore;
  ids: IdGenerator;
  clock: Clock;
  usage: UsageRecorder;
  retrying: Retrying;
  timeouts: TimeoutSettings;
}

const withoutEmptyCalls = ({ toolCalls, ...message }: ChatMessage): ChatMessage => (toolCalls?.length ? { ...message, toolCalls } : message);

/**
 * One generation: checks what can be checked before anything is sent (an
 * unknown provider or conversation throws at once), then streams the
 * provider's parts with a deadline, retries and the conversation kept.
 */
export class GenerateText {
  constructor(private readonly ports: GenerateTextPorts) {}

  async execute(input: GenerateTextInput): Promise<TextGeneration> {
    const provider = this.ports.providers.get(input.provider);
    if (!provider) throw new UnknownProviderError(input.provider);
    const model = input.model ?? provider.defaultModel;
    if (!model) throw new InvalidInputError(`Provider "${provider.name}" has no defaultModel; name one in conversationOptions.model`);
    const parent = input.mode === 'incremental' ? input.parentMessageId : undefined;
    let history: ChatMessage[] = [];
    if (parent && !provider.text.keepsHistory) {
      const stored = await this.ports.conversations.load(parent);
      if (!stored) throw new InvalidInputError(`Conversation "${parent}" is unknown or expired; send the whole history (mode "full")`);
      history = stored;
    }
    const request = buildGenerationRequest(model, input, history, provider.text.keepsHistory ? parent : undefined);
    const responseId = `resp_${this.ports.ids.next()}`;
    return { responseId, model, parts: this.run(provider, request, input, responseId) };
  }

  /**
   * A store that cannot be reached costs the conversation's continuation,
   * not the reply already generated (and partly streamed): continuing it
   * later answers 503 while the store is out, 400 "unknown" once it is back.
   */
  private async keep(responseId: string, messages: ChatMessage[]): Promise<void> {
    try {
      await this.ports.conversations.save(responseId, messages);
    } catch (error) {
      if (!(error instanceof ConversationsUnavailableError)) throw error;
    }
  }

  private async *run(provider: Provider, request: GenerationRequest, input: GenerateTextInput, responseId: string): TextGeneration['parts'] {
    const deadline = new Deadline(input.signal, effectiveTimeout(this.ports.timeouts, input.timeoutMs));
    const meter = new UsageMeter(this.ports.usage, this.ports.clock, {
      kind: 'text',
      provider: provider.name,
      model: request.model,
      userId: input.userId,
      clientKey: input.clientKey,
    });
    const apiKey = provider.allowClientKey ? input.providerKey : undefined;
    const reply: ChatMessage & { toolCalls: ToolCall[] } = { role: 'assistant', content: '', toolCalls: [] };
    let finish: FinishPart | undefined;
    try {
      const attempt = () => provider.text.stream(request, { signal: deadline.signal, ...(apiKey ? { apiKey } : {}) });
      for await (const part of retryBeforeFirstPart(attempt, this.ports.retrying, deadline.signal)) {
        if (part.type === 'finish') {
          finish = { ...part, responseId: part.responseId ?? responseId };
          continue;
        }
        if (part.type === 'text-delta') reply.content += part.delta;
        else reply.toolCalls.push(part.toolCall);
        yield part;
      }
      if (!finish) throw new ProviderError('The provider ended the stream without finishing');
      // Saved before the finish goes out, so a client that continues at once finds it.
      if (!provider.text.keepsHistory) await this.keep(finish.responseId, [...request.messages, withoutEmptyCalls(reply)]);
      await meter.completed(finish);
      yield finish;
    } catch (error) {
      throw await meter.failed(error, deadline, input.signal);
    } finally {
      deadline.dispose();
    }
  }
}
