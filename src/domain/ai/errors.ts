import { DomainError } from '../errors.js';

const RETRYABLE_STATUSES = new Set([408, 409, 429]);

/** A provider refused or failed. `retryable` follows the status: 408, 409, 429, 5xx, or no status (network). */
export class ProviderError extends DomainError {
  readonly retryable: boolean;

  constructor(
    message: string,
    readonly status?: number,
    /** From the provider's `Retry-After`, when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super('AI.PROVIDER_FAILED', message);
    this.retryable = status === undefined || RETRYABLE_STATUSES.has(status) || status >= 500;
  }
}

export class ProviderTimeoutError extends DomainError {
  constructor(timeoutMs: number) {
    super('AI.TIMEOUT', `The provider did not finish within ${timeoutMs} ms`);
  }
}

export class UnknownProviderError extends DomainError {
  constructor(name: string) {
    super('AI.PROVIDER_UNKNOWN', `Provider "${name}" is not configured`);
  }
}

/**
 * The conversation store could not be asked (its Redis is down or not
 * answering): the conversation may well exist, so this is not the "unknown
 * conversation" 400 but a temporary failure.
 */
export class ConversationsUnavailableError extends DomainError {
  constructor() {
    super('AI.CONVERSATIONS_UNAVAILABLE', 'The conversation history cannot be reached right now; retry shortly, or send the whole history (mode "full")');
  }
}
