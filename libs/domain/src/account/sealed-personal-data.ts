/**
 * Personal data as it sits in an event: AES-256-GCM ciphertext under the user's own key, which
 * lives in a key store outside the event log (libs/personal-data). Deleting that key makes every
 * copy unreadable ("crypto-shredding"). All fields are base64.
 */
export interface SealedPersonalData {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

/** What the signup seals into AccountRegistered. */
export interface AccountPersonalData {
  email: string;
  name: string;
  passwordHash: string;
}
