import type { NotificationKind } from '../notification';
import type { DomainEvent } from '../shared/decider';
import type { SealedPersonalData } from './sealed-personal-data';

/**
 * `accountId` is opaque (a random UUID made at signup): the user name is made from the real name,
 * so it is personal data and lives only in `sealed` (AccountPersonalData: e-mail, name, user name,
 * password hash) and in read models. `emailLookup` and `userNameLookup` are keyed hashes of the
 * normalized e-mail and user name (the ids of their reservation streams), so logins can find the
 * account without the clear e-mail. Accounts start at credential version 1.
 */
export type AccountRegistered = DomainEvent<
  'AccountRegistered',
  {
    accountId: string;
    sealed: SealedPersonalData;
    emailLookup: string;
    userNameLookup: string;
    roleId: number;
    credentialVersion: number;
    registeredAt: string;
    /** Signed up with an external provider: no password was chosen (absent on password signups). */
    passwordless?: true;
  }
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
  { accountId: string; created: string; expire: string; credentialVersion: number }
>;
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { accountId: string; created: string; expire: string; credentialVersion: number }
>;
/** `sealedPasswordHash` seals `{ passwordHash }`; `credentialVersion` is the new version, which kills every older link. */
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { sealedPasswordHash: SealedPersonalData; credentialVersion: number; at: string }
>;
export type RoleGranted = DomainEvent<'RoleGranted', { roleId: number; at: string }>;
export type RoleRevoked = DomainEvent<'RoleRevoked', { roleId: number; at: string }>;
/**
 * Every session token signed over an older credential version stops working at once: after
 * 'log out everywhere', and after a role change (a token must never outlive the role it was
 * issued under). Credential links signed before it die too.
 */
export type SessionsRevoked = DomainEvent<
  'SessionsRevoked',
  { credentialVersion: number; reason: 'logout-everywhere' | 'role-changed' | 'suspended'; at: string }
>;
/**
 * An admin (metadata actor) or the operator suspended the account until `until` (ISO instant; null:
 * indefinitely), for `reason` (the admin's words, shown to the person at login). A suspension
 * already standing is replaced. `SessionsRevoked` follows in the same append.
 */
export type AccountSuspended = DomainEvent<'AccountSuspended', { until: string | null; reason: string; at: string }>;
/** The suspension was lifted before its end. */
export type AccountUnsuspended = DomainEvent<'AccountUnsuspended', { at: string }>;
/** The account is erased (crypto-shredding follows): no login, no links, and its e-mail and user name may be claimed again. */
export type AccountErased = DomainEvent<'AccountErased', { at: string }>;
/** The user stops (Off) or resumes (On) e-mails about comments on their posts and replies to their comments. On by default. */
export type CommentNotificationsTurnedOff = DomainEvent<'CommentNotificationsTurnedOff', { at: string }>;
export type CommentNotificationsTurnedOn = DomainEvent<'CommentNotificationsTurnedOn', { at: string }>;
/**
 * The user turns e-mails of one notification kind on or off (Settings, or that kind's unsubscribe
 * link). The mail reactors fold these up to a notification's own position, so a mail goes out as
 * the preferences stood when the notification arose, on every replay.
 */
export type EmailPreferenceSet = DomainEvent<'EmailPreferenceSet', { kind: NotificationKind; enabled: boolean; at: string }>;

/** What a personal API token may do: `read` (GET and searches), `write` (every other call a session may make, credentials aside). */
export type ApiTokenScope = 'read' | 'write';
/**
 * A personal API token was made. The token itself is shown once and never stored: only a keyed
 * hash of its secret (`secretHash`). Its name is the user's words, so it is sealed like the rest.
 */
export type ApiTokenCreated = DomainEvent<
  'ApiTokenCreated',
  { tokenId: string; sealedName: SealedPersonalData; secretHash: string; scopes: ApiTokenScope[]; expiresAt: string; at: string }
>;
/** The token stops working at once: its owner revoked it, or a password reset revoked every token. */
export type ApiTokenRevoked = DomainEvent<'ApiTokenRevoked', { tokenId: string; reason: 'revoked' | 'password-changed'; at: string }>;

/**
 * Two-factor authentication (TOTP, RFC 6238). Setup records the new secret, sealed, as pending;
 * a first good code turns it on with ten recovery codes (their keyed hashes, sealed: shown once,
 * never stored). `totpStep` is the 30-second step of the code used: a code is never accepted twice.
 */
export type TwoFactorSetupStarted = DomainEvent<'TwoFactorSetupStarted', { sealedSecret: SealedPersonalData; at: string }>;
export type TwoFactorEnabled = DomainEvent<'TwoFactorEnabled', { sealedRecoveryCodes: SealedPersonalData; totpStep: number; at: string }>;
export type TwoFactorDisabled = DomainEvent<'TwoFactorDisabled', { at: string }>;
/** Ten new recovery codes (sealed hashes, shown once) replace the old ones, used or not; `totpStep` is the authenticator code that asked for them. */
export type RecoveryCodesRegenerated = DomainEvent<
  'RecoveryCodesRegenerated',
  { sealedRecoveryCodes: SealedPersonalData; totpStep: number; at: string }
>;
/**
 * A login passed its second factor: with a code of the authenticator (`totpStep`), a recovery
 * code (`recoveryCodeIndex`, used up) or a passkey (with its `PasskeyUsed`). Each pass ends every login challenge issued before it.
 */
export type SecondFactorPassed = DomainEvent<
  'SecondFactorPassed',
  { method: 'totp' | 'recovery-code' | 'passkey'; totpStep: number | null; recoveryCodeIndex: number | null; at: string }
>;

/**
 * An identity at an external provider (GitHub, an OpenID Connect provider) now signs in to this
 * account. `subjectLookup` is a keyed hash of provider and subject (the id of its claim stream);
 * `sealedLabel` seals `{ label }`, the login or e-mail shown in Settings.
 */
export type ExternalIdentityLinked = DomainEvent<
  'ExternalIdentityLinked',
  { provider: string; subjectLookup: string; sealedLabel: SealedPersonalData; at: string }
>;
export type ExternalIdentityUnlinked = DomainEvent<'ExternalIdentityUnlinked', { provider: string; subjectLookup: string; at: string }>;

/** A WebAuthn credential as verifying its registration gave it (@simplewebauthn/server). */
export interface PasskeyCredential {
  /** base64url. */
  credentialId: string;
  /** COSE public key, base64url: no secret. */
  publicKey: string;
  /**
   * The authenticator's signature count (0 for most synced passkeys); one that does not go up (when
   * either is not 0) means a cloned authenticator.
   */
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

/** A passkey signs in to this account. `sealedName` seals `{ name }`, the owner's label for it. */
export type PasskeyRegistered = DomainEvent<'PasskeyRegistered', PasskeyCredential & { sealedName: SealedPersonalData; at: string }>;
export type PasskeyRenamed = DomainEvent<'PasskeyRenamed', { credentialId: string; sealedName: SealedPersonalData; at: string }>;
export type PasskeyRemoved = DomainEvent<'PasskeyRemoved', { credentialId: string; at: string }>;
/**
 * A passkey signed a login (`sign-in`: without a password; `second-factor`: after it, in place of a
 * code, which also records `SecondFactorPassed`). `counter` is the signature count it reported.
 */
export type PasskeyUsed = DomainEvent<
  'PasskeyUsed',
  { credentialId: string; counter: number; backedUp: boolean; purpose: 'sign-in' | 'second-factor'; at: string }
>;

export type AccountEvent =
  | AccountRegistered
  | EmailConfirmed
  | ConfirmationLinkRequested
  | PasswordResetRequested
  | PasswordChanged
  | RoleGranted
  | RoleRevoked
  | SessionsRevoked
  | AccountErased
  | CommentNotificationsTurnedOff
  | CommentNotificationsTurnedOn
  | EmailPreferenceSet
  | ApiTokenCreated
  | ApiTokenRevoked
  | TwoFactorSetupStarted
  | TwoFactorEnabled
  | TwoFactorDisabled
  | RecoveryCodesRegenerated
  | SecondFactorPassed
  | ExternalIdentityLinked
  | ExternalIdentityUnlinked
  | PasskeyRegistered
  | PasskeyRenamed
  | PasskeyRemoved
  | PasskeyUsed
  | AccountSuspended
  | AccountUnsuspended;

export type AccountEventType = AccountEvent['type'];

/**
 * Uniqueness claims. Each is the only event of its own stream, appended with expected revision
 * `no_stream`: of two signups with one e-mail (or one user name) exactly one append succeeds.
 * Both are keyed by lookup hashes and name the account by its opaque id, never in clear.
 */
export type EmailReserved = DomainEvent<'EmailReserved', { emailLookup: string; accountId: string; at: string }>;
export type UserNameReserved = DomainEvent<'UserNameReserved', { userNameLookup: string; accountId: string; at: string }>;
/**
 * A signup that reserved a user name and was then refused (its e-mail taken) gives the name back,
 * appended at the revision of its own reservation: the next signup claims the name over it.
 */
export type UserNameReleased = DomainEvent<'UserNameReleased', { userNameLookup: string; accountId: string; at: string }>;
/** An external identity belongs to one account at a time (stream `identity-<subjectLookup>`); unlinking releases it. */
export type ExternalIdentityClaimed = DomainEvent<'ExternalIdentityClaimed', { subjectLookup: string; accountId: string; at: string }>;
export type ExternalIdentityReleased = DomainEvent<'ExternalIdentityReleased', { subjectLookup: string; accountId: string; at: string }>;
export type AccountReservationEvent =
  EmailReserved | UserNameReserved | UserNameReleased | ExternalIdentityClaimed | ExternalIdentityReleased;

export const ACCOUNT_STREAM_PREFIX = 'account-';
export const accountStreamName = (accountId: string) => `${ACCOUNT_STREAM_PREFIX}${accountId}`;
/** The account id of an `account-<accountId>` stream. */
export const accountIdOfStream = (streamName: string) => streamName.slice(ACCOUNT_STREAM_PREFIX.length);
/** Keyed by the e-mail's lookup hash, so the clear e-mail never appears in a stream name. */
export const emailReservationStreamName = (emailLookup: string) => `email-${emailLookup}`;
/** Keyed by the user name's lookup hash: the handle is personal data too. */
export const userNameReservationStreamName = (userNameLookup: string) => `username-${userNameLookup}`;
export const externalIdentityStreamName = (subjectLookup: string) => `identity-${subjectLookup}`;

export const emailReserved = (emailLookup: string, accountId: string, now: Date): EmailReserved => ({
  type: 'EmailReserved',
  data: { emailLookup, accountId, at: now.toISOString() },
});
export const userNameReserved = (userNameLookup: string, accountId: string, now: Date): UserNameReserved => ({
  type: 'UserNameReserved',
  data: { userNameLookup, accountId, at: now.toISOString() },
});
export const userNameReleased = (userNameLookup: string, accountId: string, now: Date): UserNameReleased => ({
  type: 'UserNameReleased',
  data: { userNameLookup, accountId, at: now.toISOString() },
});
