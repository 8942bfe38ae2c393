import { ProviderTimeoutError } from '../../domain/ai/errors.js';
import type { Usage } from '../../domain/ai/stream-part.js';
import type { Clock } from '../../ports/clock.js';
import type { UsageRecord, UsageRecorder } from '../../ports/usage-recorder.js';
import type { Deadline } from './deadline.js';

type Subject = Pick<UsageRecord, 'kind' | 'provider' | 'model' | 'userId' | 'clientKey'>;

const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Times one provider call and reports how it ended to the `UsageRecorder`. */
export class UsageMeter {
  private readonly started: number;

  constructor(
    private readonly recorder: UsageRecorder,
    private readonly clock: Clock,
    private readonly subject: Subject,
  ) {
    this.started = clock.now().getTime();
  }

  async completed(result: { model?: string; responseId?: string; usage?: Usage }): Promise<void> {
    await this.record('completed', result);
  }

  /** Records the failure and gives back what to throw: a fired deadline becomes `ProviderTimeoutError`. */
  async failed(error: unknown, deadline: Deadline, caller: AbortSignal): Promise<unknown> {
    if (deadline.timedOut) {
      await this.record('timeout');
      return new ProviderTimeoutError(deadline.timeoutMs);
    }
    await this.record(caller.aborted ? 'aborted' : 'failed');
    return error;
  }

  private async record(outcome: UsageRecord['outcome'], result: { model?: string; responseId?: string; usage?: Usage } = {}): Promise<void> {
    await this.recorder.record(
      defined({ ...this.subject, ...result, model: result.model ?? this.subject.model, durationMs: this.clock.now().getTime() - this.started, outcome }),
    );
  }
}
