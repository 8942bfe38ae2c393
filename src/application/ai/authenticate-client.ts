import { isWellFormedClientKey, sameClientKey } from '../../domain/ai/client-key.js';
import type { RefererPolicy } from '../../domain/ai/referer-policy.js';
import { ForbiddenError, UnauthenticatedError } from '../../domain/errors.js';
import { answerWithin } from '../../domain/time-limit.js';
import type { ClientVerifier } from '../../ports/client-verifier.js';

export interface AuthenticateClientInput {
  apiKey?: string;
  /** The request's `Referer`, else its `Origin`. */
  referer?: string;
  request: unknown;
}

export interface ClientIdentity {
  apiKey: string;
  userId?: string;
}

/**
 * Lets a client in by its key: well-formed (401), on the allow-list when there
 * is one (401), from an allowed referer when they are configured (403), and
 * accepted by the embedder's verifier when there is one (null → 401).
 */
export class AuthenticateClient {
  constructor(
    private readonly allowedKeys: readonly string[] | undefined,
    private readonly referers: RefererPolicy,
    private readonly verifier?: ClientVerifier,
    /** A verifier that has not answered by then (a user store that hangs) is a 401. */
    private readonly verifyTimeoutMs = 10_000,
  ) {}

  async execute(input: AuthenticateClientInput): Promise<ClientIdentity> {
    const apiKey = input.apiKey?.trim();
    if (!apiKey) throw new UnauthenticatedError('An API key is required');
    if (!isWellFormedClientKey(apiKey)) throw new UnauthenticatedError('The API key is not a valid key');
    if (this.allowedKeys && !this.allowedKeys.some((key) => sameClientKey(key, apiKey))) {
      throw new UnauthenticatedError('The API key is not accepted');
    }
    if (!this.referers.allows(input.referer)) throw new ForbiddenError('Requests from this referer are not allowed');
    if (!this.verifier) return { apiKey };
    let userId: string | null;
    try {
      const answer = this.verifier.verify({ apiKey, request: input.request, ...(input.referer ? { referer: input.referer } : {}) });
      userId = await answerWithin(answer, this.verifyTimeoutMs, () => new UnauthenticatedError('Authentication timed out'));
    } catch (error) {
      // The embedder's failure text may hold anything (a database URL); it never reaches the client.
      throw error instanceof UnauthenticatedError ? error : new UnauthenticatedError();
    }
    if (userId === null || userId === undefined || userId === '') throw new UnauthenticatedError();
    return { apiKey, userId: String(userId) };
  }
}
