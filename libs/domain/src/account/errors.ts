export const ACCOUNT_NOT_FOUND = 'Account not found.';
export const ACCOUNT_ALREADY_EXISTS = 'Account already exists.';
/** Signup with an e-mail whose reservation stream already exists. */
export const EMAIL_ALREADY_REGISTERED = 'Email is already registered.';
/** Login: one message for a wrong password and an unknown e-mail, so neither reveals an account. */
export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const EMAIL_ALREADY_CONFIRMED = 'Your email is already confirmed.';
export const INVALID_LINK = 'This link is invalid or has already been used.';
export const EXPIRED_LINK = 'This link has expired. Please request a new one.';
/** Answer to ForgotPassword and SendConfirmEmailLink whatever the e-mail (no account enumeration), SPEC §9. */
export const LINK_SENT_MESSAGE = 'If email is valid, you will receive an email. Link will expire after 15mins.';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already on.';
export const TWO_FACTOR_NOT_SET_UP = 'Start the two-factor setup first.';
export const TWO_FACTOR_OFF = 'Two-factor authentication is not on.';
/** A wrong, used or expired code, or a challenge already used: one message, so none of it shows. */
export const INVALID_CODE = 'The code is not valid. Please try again.';
/** The right code of a step already used (a replay, or the same code typed twice): wait for the next one. */
export const CODE_ALREADY_USED = 'This code was already used. Please wait for the next code of your authenticator app.';
export const INVALID_CHALLENGE = 'This login has expired or was already completed. Please log in again.';
export const API_TOKEN_NOT_FOUND = 'API token not found.';
/** How many unexpired personal API tokens one account may hold. */
export const MAX_API_TOKENS = 20;
export const TOO_MANY_API_TOKENS = `You have ${MAX_API_TOKENS} API tokens already: revoke one first.`;
export const EXTERNAL_IDENTITY_NOT_FOUND = 'This sign-in method is not linked to your account.';
export const EXTERNAL_IDENTITY_ALREADY_LINKED = 'This account of the provider is already linked.';
/** Unlinking the only way left to sign in would lock the owner out. */
export const LAST_SIGN_IN_METHOD = 'This is your only way to sign in: set a password (Forgot password) or link another one first.';
export const PASSKEY_NOT_FOUND = 'Passkey not found.';
export const PASSKEY_ALREADY_REGISTERED = 'This passkey is already registered.';
/** How many passkeys one account may hold. */
export const MAX_PASSKEYS = 20;
export const TOO_MANY_PASSKEYS = `You have ${MAX_PASSKEYS} passkeys already: remove one first.`;
/** An unknown passkey, a bad signature, a used or expired challenge, a signature count gone back: one message, so none of it shows. */
export const PASSKEY_SIGN_IN_FAILED = 'This passkey could not sign you in. Please try again.';
