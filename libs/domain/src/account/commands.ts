import type { NotificationKind } from '../notification';
import type { ApiTokenScope, PasskeyCredential } from './events';
import type { SealedPersonalData } from './sealed-personal-data';

/**
 * Account commands. Everything that needs I/O or secrets happens before the decider: the handler
 * seals personal data, hashes the e-mail, reserves the e-mail and user name, and verifies the
 * HMAC of a credential link; the decider only judges against the account's own history.
 */

/**
 * Sent after the e-mail and user-name reservations both succeeded. `sealed` holds
 * AccountPersonalData; `userName` is there to be checked, it is not recorded in clear.
 */
export interface RegisterAccount {
  type: 'RegisterAccount';
  accountId: string;
  userName: string;
  sealed: SealedPersonalData;
  emailLookup: string;
  userNameLookup: string;
  now: Date;
  /**
   * A first sign-in with an external provider: no password was chosen (the sealed hash is of a
   * random secret nobody knows), and the external identity is linked in the same append.
   */
  external?: { identity: ExternalIdentityRef; emailVerified: boolean };
}

/** An identity at an external provider: `subjectLookup` is a keyed hash of provider and subject; `sealedLabel` seals `{ label }` (the login shown in Settings). */
export interface ExternalIdentityRef {
  provider: string;
  subjectLookup: string;
  sealedLabel: SealedPersonalData;
}

/** The logged-in user (the handler checked the session) links an identity that the provider just vouched for. */
export interface LinkExternalIdentity {
  type: 'LinkExternalIdentity';
  accountId: string;
  identity: ExternalIdentityRef;
  now: Date;
}

export interface UnlinkExternalIdentity {
  type: 'UnlinkExternalIdentity';
  accountId: string;
  subjectLookup: string;
  now: Date;
}

/** `credentialVersion` is the version the confirmation link was verified against. */
export interface ConfirmEmail {
  type: 'ConfirmEmail';
  accountId: string;
  credentialVersion: number;
  now: Date;
}

export interface RequestConfirmationLink {
  type: 'RequestConfirmationLink';
  accountId: string;
  now: Date;
}

export interface RequestPasswordReset {
  type: 'RequestPasswordReset';
  accountId: string;
  now: Date;
}

/** Reset through a link: `credentialVersion` is the version the reset link was verified against. */
export interface ChangePassword {
  type: 'ChangePassword';
  accountId: string;
  /** Seals `{ passwordHash }`. */
  sealedPasswordHash: SealedPersonalData;
  credentialVersion: number;
  now: Date;
}

/** Operator commands (CLI); the actor (`operator`) goes in the event metadata. */
export interface GrantAdmin {
  type: 'GrantAdmin';
  accountId: string;
  now: Date;
}

export interface RevokeAdmin {
  type: 'RevokeAdmin';
  accountId: string;
  now: Date;
}

/** The logged-in user ends every session of theirs, this one included. */
export interface LogOutEverywhere {
  type: 'LogOutEverywhere';
  accountId: string;
  now: Date;
}

/** The user (with their password checked) or the operator erases the account; its key is shredded next. */
export interface EraseAccount {
  type: 'EraseAccount';
  accountId: string;
  now: Date;
}

/** One kind's e-mails on or off: from Settings, or that kind's signed unsubscribe link (no login). */
export interface SetEmailPreference {
  type: 'SetEmailPreference';
  accountId: string;
  kind: NotificationKind;
  enabled: boolean;
  now: Date;
}

/** From the signed unsubscribe link of a notification e-mail (no login), or from the user's settings. */
export interface SetCommentNotifications {
  type: 'SetCommentNotifications';
  accountId: string;
  enabled: boolean;
  now: Date;
}

/** `secretHash` is the keyed hash of the token's secret; the handler made both. */
export interface CreateApiToken {
  type: 'CreateApiToken';
  accountId: string;
  tokenId: string;
  sealedName: SealedPersonalData;
  secretHash: string;
  scopes: ApiTokenScope[];
  expiresAt: Date;
  now: Date;
}

export interface RevokeApiToken {
  type: 'RevokeApiToken';
  accountId: string;
  tokenId: string;
  now: Date;
}

/** A new TOTP secret (sealed `{ secret }`), pending until a code of it turns two-factor on. */
export interface StartTwoFactorSetup {
  type: 'StartTwoFactorSetup';
  accountId: string;
  sealedSecret: SealedPersonalData;
  now: Date;
}

/** The handler checked `totpStep`'s code against the pending secret; `sealedRecoveryCodes` seals `{ hashes }`. */
export interface EnableTwoFactor {
  type: 'EnableTwoFactor';
  accountId: string;
  totpStep: number;
  sealedRecoveryCodes: SealedPersonalData;
  now: Date;
}

/** A code the handler matched: the step of an authenticator code, or which recovery code it is. The decider makes sure it is used once. */
export type SecondFactorCode = { method: 'totp'; totpStep: number } | { method: 'recovery-code'; recoveryCodeIndex: number };

/** The handler checked the password and matched `code`. */
export interface DisableTwoFactor {
  type: 'DisableTwoFactor';
  accountId: string;
  code: SecondFactorCode;
  now: Date;
}

/** New recovery codes (sealed `{ hashes }`) in place of the old ones; the handler matched `totpStep`'s code of the authenticator. */
export interface RegenerateRecoveryCodes {
  type: 'RegenerateRecoveryCodes';
  accountId: string;
  totpStep: number;
  sealedRecoveryCodes: SealedPersonalData;
  now: Date;
}

/** The second step of a login: the handler matched the code; the decider makes sure it is used once. */
export interface PassSecondFactor {
  type: 'PassSecondFactor';
  accountId: string;
  /** How many passes the account had when the challenge was issued: a challenge works once. */
  challengePasses: number;
  code: SecondFactorCode;
  now: Date;
}

/** The handler verified the registration response (challenge, origin, RP ID, attestation) with @simplewebauthn/server. */
export interface RegisterPasskey {
  type: 'RegisterPasskey';
  accountId: string;
  passkey: PasskeyCredential;
  /** Seals `{ name }`. */
  sealedName: SealedPersonalData;
  now: Date;
}

export interface RenamePasskey {
  type: 'RenamePasskey';
  accountId: string;
  credentialId: string;
  sealedName: SealedPersonalData;
  now: Date;
}

export interface RemovePasskey {
  type: 'RemovePasskey';
  accountId: string;
  credentialId: string;
  now: Date;
}

/**
 * The handler verified an assertion of the passkey (signature over a single-use challenge, user
 * verified). `challengePasses` is set when it finishes a login's second step (the count the
 * password step's challenge was issued at); absent for a passwordless sign-in.
 */
export interface UsePasskey {
  type: 'UsePasskey';
  accountId: string;
  credentialId: string;
  counter: number;
  backedUp: boolean;
  challengePasses?: number;
  now: Date;
}

/** Issue 27: an admin or the operator suspends the account (`until` null: indefinitely). */
export interface SuspendAccount {
  type: 'SuspendAccount';
  accountId: string;
  until: Date | null;
  reason: string;
  now: Date;
}

export interface UnsuspendAccount {
  type: 'UnsuspendAccount';
  accountId: string;
  now: Date;
}

export type AccountCommand =
  | RegisterAccount
  | ConfirmEmail
  | RequestConfirmationLink
  | RequestPasswordReset
  | ChangePassword
  | GrantAdmin
  | RevokeAdmin
  | LogOutEverywhere
  | EraseAccount
  | SetCommentNotifications
  | SetEmailPreference
  | CreateApiToken
  | RevokeApiToken
  | StartTwoFactorSetup
  | EnableTwoFactor
  | DisableTwoFactor
  | RegenerateRecoveryCodes
  | PassSecondFactor
  | LinkExternalIdentity
  | UnlinkExternalIdentity
  | RegisterPasskey
  | RenamePasskey
  | RemovePasskey
  | UsePasskey
  | SuspendAccount
  | UnsuspendAccount;
