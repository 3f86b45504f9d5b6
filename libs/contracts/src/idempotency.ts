/** The header a client sends on a POST, PUT or DELETE so that a retry of it is not recorded twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key is 1 to 255 visible ASCII characters; the SPA sends a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;
