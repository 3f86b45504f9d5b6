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
