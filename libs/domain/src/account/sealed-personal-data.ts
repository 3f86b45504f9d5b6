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
  /** The handle made from the name: personal data, so sealed rather than in clear in the log. */
  userName: string;
  passwordHash: string;
}
