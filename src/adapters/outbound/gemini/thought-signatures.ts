const MAX_REMEMBERED = 1000;

/**
 * Google's documented stand-in for a thought signature the caller no longer
 * has. Gemini 3 and later refuse a replayed `functionCall` without one (400).
 */
export const SKIP_SIGNATURE_VALIDATOR = 'skip_thought_signature_validator';

const needsSignature = (model: string): boolean => !/^(models\/)?gemini-[12][.-]/.test(model);

/**
 * Gemini attaches an opaque `thoughtSignature` to function calls and wants it
 * back when the call is replayed. Our neutral `ToolCall` (and the Jodit client)
 * carry only the call id, so the signatures of calls this process streamed are
 * remembered by id (bounded, oldest first out); a call from elsewhere (another
 * instance, an old conversation) gets the documented stand-in on models that
 * require one.
 */
export class ThoughtSignatures {
  private readonly byCallId = new Map<string, string>();

  remember(callId: string, signature: string | undefined): void {
    if (!signature) return;
    this.byCallId.set(callId, signature);
    if (this.byCallId.size > MAX_REMEMBERED) this.byCallId.delete(this.byCallId.keys().next().value!);
  }

  forReplay(callId: string, model: string): string | undefined {
    return this.byCallId.get(callId) ?? (needsSignature(model) ? SKIP_SIGNATURE_VALIDATOR : undefined);
  }
}
