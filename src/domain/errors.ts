/**
 * Every failure the core reports has a stable dotted code. Inbound adapters
 * map codes to transport statuses in one place; the core never knows HTTP.
 */
export type ErrorCode =
  | 'INPUT.INVALID'
  | 'INPUT.CONFLICT'
  | 'AUTH.UNAUTHENTICATED'
  | 'AUTH.FORBIDDEN'
  | 'FILES.NOT_FOUND'
  | 'FILES.ALREADY_EXISTS'
  | 'FILES.TOO_LARGE'
  | 'FILES.TYPE_NOT_ALLOWED'
  | 'FILES.STORAGE_FULL'
  | 'REMOTE.ADDRESS_REFUSED'
  | 'REMOTE.FETCH_FAILED'
  | 'REMOTE.TIMEOUT'
  | 'FILES.MOVE_INCOMPLETE'
  | 'AI.PROVIDER_UNKNOWN'
  | 'AI.PROVIDER_FAILED'
  | 'AI.TIMEOUT'
  | 'AI.CONVERSATIONS_UNAVAILABLE'
  | 'RATE.LIMITED'
  | 'FEATURE.NOT_IMPLEMENTED';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string, details?: unknown) {
    super('INPUT.INVALID', message, details);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Authentication failed') {
    super('AUTH.UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Access denied') {
    super('AUTH.FORBIDDEN', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('FILES.NOT_FOUND', message);
  }
}

export class AlreadyExistsError extends DomainError {
  constructor(message: string) {
    super('FILES.ALREADY_EXISTS', message);
  }
}

export class TooLargeError extends DomainError {
  constructor(message: string) {
    super('FILES.TOO_LARGE', message);
  }
}

export class TypeNotAllowedError extends DomainError {
  constructor(message: string) {
    super('FILES.TYPE_NOT_ALLOWED', message);
  }
}

export class NotImplementedError extends DomainError {
  constructor(feature: string) {
    super('FEATURE.NOT_IMPLEMENTED', `${feature} is not available yet`);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

export class StorageFullError extends DomainError {
  constructor() {
    super('FILES.STORAGE_FULL', 'There is no space left in the storage');
  }
}

/**
 * A move that storage could only do item by item (copy, then delete) stopped
 * part-way: `details` says which items reached the target and which did not.
 */
export class MoveIncompleteError extends DomainError {
  constructor(message: string, details: { moved: string[]; notMoved: string[]; inBothPlaces: string[] }) {
    super('FILES.MOVE_INCOMPLETE', message, details);
  }
}
