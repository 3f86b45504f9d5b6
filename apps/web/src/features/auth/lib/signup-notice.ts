/**
 * 'We sent a confirmation e-mail' (issue 25, audit item 14): remembered for the page the new user
 * lands on after signing up, shown once (a reload does not show it again).
 */
const KEY = 'signup-notice';
const EVENT = 'signup-notice';

export function rememberSignupNotice(email: string): void {
  sessionStorage.setItem(KEY, email);
  window.dispatchEvent(new Event(EVENT));
}

/** The address the confirmation went to, once; null when there is nothing to say. */
export function takeSignupNotice(): string | null {
  const email = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return email;
}

export function onSignupNotice(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
