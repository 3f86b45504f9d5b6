/** The header a client sends on a POST, PUT or DELETE so that a retry of it is not recorded twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key is 1 to 255 visible ASCII characters; the SPA sends a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

type CommandMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * The calls that take no Idempotency-Key: the server ignores the header there and the SPA sends
 * none. Credential calls (a password, a credential link or an e-mail address in the body): what a
 * key keeps of a request must never hold those, not even as a fingerprint. Reads with a body (the
 * three searches): there is nothing to repeat, and a key would bypass the public search cache.
 */
export const CALLS_WITHOUT_IDEMPOTENCY_KEY: readonly { method: CommandMethod; path: string }[] = [
  { method: 'POST', path: '/api/Account/Login' },
  { method: 'POST', path: '/api/Account/Signup' },
  { method: 'POST', path: '/api/Account/ForgotPassword' },
  { method: 'POST', path: '/api/Account/ResetPassword' },
  { method: 'POST', path: '/api/Account/ConfirmEmail' },
  { method: 'POST', path: '/api/Account/SendConfirmEmailLink' },
  { method: 'DELETE', path: '/api/User' },
  { method: 'POST', path: '/api/Search' },
  { method: 'POST', path: '/api/Search/UserPosts' },
  { method: 'POST', path: '/api/Search/ByAdmin' },
  // The new token is in the answer: a kept answer would hand it out again.
  { method: 'POST', path: '/api/Account/ApiTokens' },
  // Secrets and recovery codes are in the answers; a login's second step is a login.
  { method: 'POST', path: '/api/Account/TwoFactor/Setup' },
  { method: 'POST', path: '/api/Account/TwoFactor/Enable' },
  { method: 'POST', path: '/api/Account/TwoFactor/Disable' },
  { method: 'POST', path: '/api/Account/Login2fa' },
  // External sign-in: the exchange is a login; a link's answer goes with a cookie a kept answer would not set again.
  { method: 'POST', path: '/api/Account/External/Exchange' },
  { method: 'POST', path: '/api/Account/External/github/Link' },
  { method: 'POST', path: '/api/Account/External/oidc/Link' },
  // Passkeys: each answer holds a single-use challenge, or is a login.
  { method: 'POST', path: '/api/Account/Passkeys/Options' },
  { method: 'POST', path: '/api/Account/Passkeys' },
  { method: 'POST', path: '/api/Account/LoginPasskey/Options' },
  { method: 'POST', path: '/api/Account/LoginPasskey' },
  { method: 'POST', path: '/api/Account/Login2fa/PasskeyOptions' },
  { method: 'POST', path: '/api/Account/Login2fa/Passkey' },
];

const WITHOUT_KEY = new Set(CALLS_WITHOUT_IDEMPOTENCY_KEY.map(({ method, path }) => `${method} ${path.toLowerCase()}`));

/** Whether a command to `path` (from `/api/`, any case, a query or a trailing slash allowed) takes an Idempotency-Key. */
export function takesIdempotencyKey(method: string, path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0].replace(/\/+$/, '').toLowerCase();
  return !WITHOUT_KEY.has(`${method.toUpperCase()} ${bare}`);
}
