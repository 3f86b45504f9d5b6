import { EMAIL_NOT_CONFIRMED } from '@app/contracts';

/**
 * Issue 27: with REQUIRE_CONFIRMED_EMAIL=on the server answers a write of an unconfirmed account
 * with 403 `EMAIL_NOT_CONFIRMED`, from any feature; the API client announces it here and the shell
 * offers to send a new confirmation link.
 */
const EVENT = 'email-not-confirmed';

export const isEmailNotConfirmed = (status: number, message: string | null | undefined) =>
  status === 403 && message === EMAIL_NOT_CONFIRMED;

export function announceEmailNotConfirmed(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT));
}

export function onEmailNotConfirmed(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
