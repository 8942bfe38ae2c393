import { DomainError } from '../errors.js';

/** The URL's scheme, or an address it resolves or redirects to, is not one the server may fetch. */
export class AddressRefusedError extends DomainError {
  constructor(message: string) {
    super('REMOTE.ADDRESS_REFUSED', message);
  }
}

/** The remote server could not be reached or answered with a failure. */
export class RemoteFetchFailedError extends DomainError {
  constructor(message: string) {
    super('REMOTE.FETCH_FAILED', message);
  }
}

export class RemoteTimeoutError extends DomainError {
  constructor(timeoutMs: number) {
    super('REMOTE.TIMEOUT', `The remote server did not answer within ${timeoutMs} ms`);
  }
}
