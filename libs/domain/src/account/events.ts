import type { DomainEvent } from '../shared/decider';
import type { SealedPersonalData } from './sealed-personal-data';

/**
 * `sealed` holds AccountPersonalData (e-mail, name, password hash). `emailLookup` is the keyed
 * hash of the normalized e-mail (the id of the e-mail reservation stream), so logins can find the
 * account without the clear e-mail. Accounts start at credential version 1.
 */
export type AccountRegistered = DomainEvent<
  'AccountRegistered',
  { userName: string; sealed: SealedPersonalData; emailLookup: string; roleId: number; credentialVersion: number; registeredAt: string }
>;
export type EmailConfirmed = DomainEvent<'EmailConfirmed', { at: string }>;
/**
 * A credential link was asked for; the mail reactor signs and sends it. `created` and `expire`
 * are epoch milliseconds as decimal strings (the form they take in the link's query string);
 * `credentialVersion` is the one the link is signed over. The link itself (its HMAC) is never
 * stored: anyone reading the log could otherwise use it.
 */
export type ConfirmationLinkRequested = DomainEvent<
  'ConfirmationLinkRequested',
  { userName: string; created: string; expire: string; credentialVersion: number }
>;
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { userName: string; created: string; expire: string; credentialVersion: number }
>;
/** `sealedPasswordHash` seals `{ passwordHash }`; `credentialVersion` is the new version, which kills every older link. */
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { sealedPasswordHash: SealedPersonalData; credentialVersion: number; at: string }
>;
export type RoleGranted = DomainEvent<'RoleGranted', { roleId: number; at: string }>;
export type RoleRevoked = DomainEvent<'RoleRevoked', { roleId: number; at: string }>;

export type AccountEvent =
  AccountRegistered | EmailConfirmed | ConfirmationLinkRequested | PasswordResetRequested | PasswordChanged | RoleGranted | RoleRevoked;

export type AccountEventType = AccountEvent['type'];

/**
 * Uniqueness claims. Each is the only event of its own stream, appended with expected revision
 * `no_stream`: of two signups with one e-mail (or one user name) exactly one append succeeds.
 */
export type EmailReserved = DomainEvent<'EmailReserved', { emailLookup: string; userName: string; at: string }>;
export type UserNameReserved = DomainEvent<'UserNameReserved', { userName: string; at: string }>;
export type AccountReservationEvent = EmailReserved | UserNameReserved;

export const accountStreamName = (userName: string) => `account-${userName}`;
/** Keyed by the e-mail's lookup hash, so the clear e-mail never appears in a stream name. */
export const emailReservationStreamName = (emailLookup: string) => `email-${emailLookup}`;
export const userNameReservationStreamName = (userName: string) => `username-${userName}`;

export const emailReserved = (emailLookup: string, userName: string, now: Date): EmailReserved => ({
  type: 'EmailReserved',
  data: { emailLookup, userName, at: now.toISOString() },
});
export const userNameReserved = (userName: string, now: Date): UserNameReserved => ({
  type: 'UserNameReserved',
  data: { userName, at: now.toISOString() },
});
