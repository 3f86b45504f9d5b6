/** A refused command. `kind` decides the HTTP status in the API's one error filter. */
export type DomainErrorKind = 'validation' | 'not_found' | 'forbidden' | 'unauthorized' | 'conflict' | 'rate_limited';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string) => new DomainError('validation', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const forbidden = (message = 'You are not allowed to do this.') => new DomainError('forbidden', message);
export const unauthorized = (message = 'Please log in.') => new DomainError('unauthorized', message);
export const conflict = (message: string) => new DomainError('conflict', message);

/** An abuse limit refused the request: 429 with `Retry-After: retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
    this.name = 'RateLimitedError';
  }
}
