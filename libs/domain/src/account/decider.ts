import { DEFAULT_EMAIL_PREFERENCES, type NotificationKind } from '../notification';
import { ownEntry, type Decider } from '../shared/decider';
import { conflict, forbidden, notFound, unauthorized, validationError } from '../shared/errors';
import { RoleId, suspendedMessage, SUSPENSION_MESSAGES } from '@app/contracts';
import type {
  AccountCommand,
  ChangePassword,
  ConfirmEmail,
  CreateApiToken,
  DisableTwoFactor,
  EnableTwoFactor,
  EraseAccount,
  GrantAdmin,
  LogOutEverywhere,
  LinkExternalIdentity,
  PassSecondFactor,
  RegenerateRecoveryCodes,
  RegisterAccount,
  RegisterPasskey,
  RemovePasskey,
  RenamePasskey,
  UsePasskey,
  RequestConfirmationLink,
  RequestPasswordReset,
  RevokeAdmin,
  RevokeApiToken,
  SecondFactorCode,
  SetCommentNotifications,
  SetEmailPreference,
  StartTwoFactorSetup,
  UnlinkExternalIdentity,
  SuspendAccount,
  UnsuspendAccount,
} from './commands';
import { credentialLinkWindow } from './credential-link-window';
import {
  ACCOUNT_ALREADY_EXISTS,
  ACCOUNT_NOT_FOUND,
  API_TOKEN_NOT_FOUND,
  CODE_ALREADY_USED,
  EMAIL_ALREADY_CONFIRMED,
  EXTERNAL_IDENTITY_ALREADY_LINKED,
  EXTERNAL_IDENTITY_NOT_FOUND,
  LAST_SIGN_IN_METHOD,
  INVALID_CHALLENGE,
  INVALID_CODE,
  INVALID_LINK,
  MAX_API_TOKENS,
  MAX_PASSKEYS,
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_NOT_FOUND,
  PASSKEY_SIGN_IN_FAILED,
  TOO_MANY_API_TOKENS,
  TOO_MANY_PASSKEYS,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_SET_UP,
  TWO_FACTOR_OFF,
} from './errors';
import type { AccountEvent, PasskeyCredential } from './events';
import type { SealedPersonalData } from './sealed-personal-data';
import { isValidUserName } from './user-name';

/** A registered account as its stream tells it. */
export interface AccountRecord {
  accountId: string;
  roleId: number;
  emailConfirmed: boolean;
  /**
   * Part of every credential link's HMAC and every session token; a password change, a role change
   * and 'log out everywhere' bump it, which kills older links and tokens.
   */
  credentialVersion: number;
  emailLookup: string;
  userNameLookup: string;
  sealed: SealedPersonalData;
  /** The latest password hash (sealed `{ passwordHash }`) when it changed after signup; else it is in `sealed`. */
  sealedPasswordHash: SealedPersonalData | null;
  registeredAt: string;
  /** Which notification kinds are mailed to them (DEFAULT_EMAIL_PREFERENCES until they choose). */
  emailPreferences: Readonly<Record<NotificationKind, boolean>>;
  /** Personal API tokens not revoked, by id, with when each expires (ISO). */
  apiTokens: Readonly<Record<string, string>>;
  twoFactor: TwoFactorState;
  /** Logins that passed their second factor so far: a login challenge names the count it was issued at. */
  secondFactorPasses: number;
  /** False for an account made by an external sign-in until a password is set (by a reset link). */
  hasPassword: boolean;
  /** Linked external identities: provider by subject lookup. */
  externalIdentities: Readonly<Record<string, string>>;
  /** Registered passkeys by credential id (base64url). */
  passkeys: Readonly<Record<string, PasskeyRecord>>;
  /** The latest suspension not lifted (it may have ended: see `activeSuspension`). */
  suspension: Suspension | null;
}

/** `until`: ISO instant it ends, or null when indefinite. */
export interface Suspension {
  until: string | null;
  reason: string;
}

/** The suspension that holds at `now`, if any: one past its `until` no longer blocks. */
export const activeSuspension = (account: Pick<AccountRecord, 'suspension'>, now: Date): Suspension | null => {
  const suspension = account.suspension;
  if (!suspension) return null;
  return suspension.until === null || suspension.until > now.toISOString() ? suspension : null;
};

/** Every way in (password, second factor, external sign-in) refuses a suspended person: 403 with when it ends and why. */
export function refuseWhileSuspended(account: Pick<AccountRecord, 'suspension'>, now: Date): void {
  const suspension = activeSuspension(account, now);
  if (suspension) throw forbidden(suspendedMessage(suspension));
}

/** What verifying a passkey's assertion needs, and what Settings lists (the name opened with the owner's key). */
export interface PasskeyRecord extends PasskeyCredential {
  sealedName: SealedPersonalData;
  registeredAt: string;
  lastUsedAt: string | null;
}

/** How many ways to sign in the account has: a password, each linked identity, each passkey. */
export const signInMethodsOf = (account: AccountRecord): number =>
  (account.hasPassword ? 1 : 0) + Object.keys(account.externalIdentities).length + Object.keys(account.passkeys).length;

/** Nothing yet; a registered account; an erased one (it keeps its events but can do nothing any more). */
export type AccountState =
  { status: 'initial' } | { status: 'registered'; account: AccountRecord } | { status: 'erased'; account: AccountRecord };

export type TwoFactorState = { status: 'off' } | { status: 'pending'; sealedSecret: SealedPersonalData } | TwoFactorOn;

export interface TwoFactorOn {
  status: 'on';
  sealedSecret: SealedPersonalData;
  sealedRecoveryCodes: SealedPersonalData;
  usedRecoveryCodes: readonly number[];
  /** The step of the last code accepted: older and equal steps are refused (no replay). */
  lastTotpStep: number;
}

export const initialAccountState: AccountState = { status: 'initial' };

/** The account, registered or erased; null when nobody registered it. */
export const accountRecordOf = (state: AccountState): AccountRecord | null => (state.status === 'initial' ? null : state.account);

export const INITIAL_CREDENTIAL_VERSION = 1;

function requireAccount(state: AccountState): AccountRecord {
  if (state.status !== 'registered') throw notFound(ACCOUNT_NOT_FOUND);
  return state.account;
}

/** The link was signed over an older credential version: it was used already or a newer password killed it. */
function requireCurrentCredentialVersion(account: AccountRecord, credentialVersion: number): void {
  if (credentialVersion !== account.credentialVersion) throw validationError(INVALID_LINK);
}

function register(command: RegisterAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'initial') throw conflict(ACCOUNT_ALREADY_EXISTS);
  if (!isValidUserName(command.userName)) throw validationError(`'${command.userName}' is not a valid user name.`);
  const registeredAt = command.now.toISOString();
  const registered: AccountEvent = {
    type: 'AccountRegistered',
    data: {
      accountId: command.accountId,
      sealed: command.sealed,
      emailLookup: command.emailLookup,
      userNameLookup: command.userNameLookup,
      roleId: RoleId.User,
      credentialVersion: INITIAL_CREDENTIAL_VERSION,
      registeredAt,
      ...(command.external ? { passwordless: true as const } : {}),
    },
  };
  // An e-mail the provider says it verified is taken as confirmed; any other gets the confirmation mail.
  const emailEvent: AccountEvent = command.external?.emailVerified
    ? { type: 'EmailConfirmed', data: { at: registeredAt } }
    : {
        type: 'ConfirmationLinkRequested',
        data: { accountId: command.accountId, ...credentialLinkWindow(command.now), credentialVersion: INITIAL_CREDENTIAL_VERSION },
      };
  const linked: AccountEvent[] = command.external ? [identityLinked(command.external.identity, command.now)] : [];
  return [registered, emailEvent, ...linked];
}

const identityLinked = (identity: LinkExternalIdentity['identity'], now: Date): AccountEvent => ({
  type: 'ExternalIdentityLinked',
  data: { provider: identity.provider, subjectLookup: identity.subjectLookup, sealedLabel: identity.sealedLabel, at: now.toISOString() },
});

function linkExternalIdentity(command: LinkExternalIdentity, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (ownEntry(account.externalIdentities, command.identity.subjectLookup)) throw conflict(EXTERNAL_IDENTITY_ALREADY_LINKED);
  return [identityLinked(command.identity, command.now)];
}

function unlinkExternalIdentity(command: UnlinkExternalIdentity, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  const provider = ownEntry(account.externalIdentities, command.subjectLookup);
  if (!provider) throw notFound(EXTERNAL_IDENTITY_NOT_FOUND);
  if (signInMethodsOf(account) <= 1) throw validationError(LAST_SIGN_IN_METHOD);
  return [{ type: 'ExternalIdentityUnlinked', data: { provider, subjectLookup: command.subjectLookup, at: command.now.toISOString() } }];
}

function confirmEmail(command: ConfirmEmail, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  requireCurrentCredentialVersion(account, command.credentialVersion);
  // A confirmation link works once: the second click is refused like any dead link.
  if (account.emailConfirmed) throw conflict(EMAIL_ALREADY_CONFIRMED);
  return [{ type: 'EmailConfirmed', data: { at: command.now.toISOString() } }];
}

function requestConfirmationLink(command: RequestConfirmationLink, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  // Nothing to confirm, so no mail; the caller answers the same either way (no account enumeration).
  if (account.emailConfirmed) return [];
  return [
    {
      type: 'ConfirmationLinkRequested',
      data: { accountId: account.accountId, ...credentialLinkWindow(command.now), credentialVersion: account.credentialVersion },
    },
  ];
}

function requestPasswordReset(command: RequestPasswordReset, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  return [
    {
      type: 'PasswordResetRequested',
      data: { accountId: account.accountId, ...credentialLinkWindow(command.now), credentialVersion: account.credentialVersion },
    },
  ];
}

function changePassword(command: ChangePassword, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  requireCurrentCredentialVersion(account, command.credentialVersion);
  const at = command.now.toISOString();
  const events: AccountEvent[] = [
    {
      type: 'PasswordChanged',
      data: { sealedPasswordHash: command.sealedPasswordHash, credentialVersion: account.credentialVersion + 1, at },
    },
  ];
  // The reset link arrived by e-mail, which proves the address as well as a confirmation link would.
  if (!account.emailConfirmed) events.push({ type: 'EmailConfirmed', data: { at } });
  // A reset is how an owner takes a stolen account back: the tokens a thief may have made die with the old password.
  for (const tokenId of Object.keys(account.apiTokens))
    events.push({ type: 'ApiTokenRevoked', data: { tokenId, reason: 'password-changed', at } });
  return events;
}

const sessionsRevoked = (account: AccountRecord, reason: 'logout-everywhere' | 'role-changed' | 'suspended', now: Date): AccountEvent => ({
  type: 'SessionsRevoked',
  data: { credentialVersion: account.credentialVersion + 1, reason, at: now.toISOString() },
});

function grantAdmin(command: GrantAdmin, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.roleId === RoleId.Admin) return [];
  const at = command.now.toISOString();
  return [{ type: 'RoleGranted', data: { roleId: RoleId.Admin, at } }, sessionsRevoked(account, 'role-changed', command.now)];
}

function revokeAdmin(command: RevokeAdmin, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.roleId !== RoleId.Admin) return [];
  const at = command.now.toISOString();
  return [{ type: 'RoleRevoked', data: { roleId: RoleId.Admin, at } }, sessionsRevoked(account, 'role-changed', command.now)];
}

function logOutEverywhere(command: LogOutEverywhere, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  return [sessionsRevoked(account, 'logout-everywhere', command.now)];
}

/** The person's sessions end with it; their content stays (an admin removes what should go). */
function suspend(command: SuspendAccount, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.roleId === RoleId.Admin) throw validationError(SUSPENSION_MESSAGES.adminSuspended);
  if (command.until !== null && command.until <= command.now) throw validationError(SUSPENSION_MESSAGES.untilPast);
  const at = command.now.toISOString();
  return [
    { type: 'AccountSuspended', data: { until: command.until?.toISOString() ?? null, reason: command.reason, at } },
    sessionsRevoked(account, 'suspended', command.now),
  ];
}

/** Lifting a suspension that ended already (or never was) changes nothing. */
function unsuspend(command: UnsuspendAccount, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (!activeSuspension(account, command.now)) return [];
  return [{ type: 'AccountUnsuspended', data: { at: command.now.toISOString() } }];
}

function erase(command: EraseAccount, state: AccountState): AccountEvent[] {
  if (state.status === 'erased') return [];
  requireAccount(state);
  return [{ type: 'AccountErased', data: { at: command.now.toISOString() } }];
}

/** The old switch (and the unsubscribe links made before kinds): comments and replies together. */
function setCommentNotifications(command: SetCommentNotifications, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  const { comment, reply } = account.emailPreferences;
  if (command.enabled === comment && command.enabled === reply) return [];
  const at = command.now.toISOString();
  return [
    command.enabled ? { type: 'CommentNotificationsTurnedOn', data: { at } } : { type: 'CommentNotificationsTurnedOff', data: { at } },
  ];
}

function setEmailPreference(command: SetEmailPreference, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.emailPreferences[command.kind] === command.enabled) return [];
  return [{ type: 'EmailPreferenceSet', data: { kind: command.kind, enabled: command.enabled, at: command.now.toISOString() } }];
}

function createApiToken(command: CreateApiToken, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  const now = command.now.toISOString();
  const live = Object.values(account.apiTokens).filter((expiresAt) => expiresAt > now);
  if (live.length >= MAX_API_TOKENS) throw validationError(TOO_MANY_API_TOKENS);
  if (ownEntry(account.apiTokens, command.tokenId)) throw conflict('API token already exists.');
  return [
    {
      type: 'ApiTokenCreated',
      data: {
        tokenId: command.tokenId,
        sealedName: command.sealedName,
        secretHash: command.secretHash,
        scopes: [...new Set(command.scopes)],
        expiresAt: command.expiresAt.toISOString(),
        at: now,
      },
    },
  ];
}

function revokeApiToken(command: RevokeApiToken, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (!ownEntry(account.apiTokens, command.tokenId)) throw notFound(API_TOKEN_NOT_FOUND);
  return [{ type: 'ApiTokenRevoked', data: { tokenId: command.tokenId, reason: 'revoked', at: command.now.toISOString() } }];
}

function startTwoFactorSetup(command: StartTwoFactorSetup, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.twoFactor.status === 'on') throw conflict(TWO_FACTOR_ALREADY_ON);
  return [{ type: 'TwoFactorSetupStarted', data: { sealedSecret: command.sealedSecret, at: command.now.toISOString() } }];
}

function enableTwoFactor(command: EnableTwoFactor, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.twoFactor.status === 'on') throw conflict(TWO_FACTOR_ALREADY_ON);
  if (account.twoFactor.status === 'off') throw validationError(TWO_FACTOR_NOT_SET_UP);
  return [
    {
      type: 'TwoFactorEnabled',
      data: { sealedRecoveryCodes: command.sealedRecoveryCodes, totpStep: command.totpStep, at: command.now.toISOString() },
    },
  ];
}

/**
 * A code works once, whatever it is used for (a login, turning two-factor off): an authenticator's
 * step at most once and never one older than the last (the stream, not a process's memory, holds
 * it, so two API processes cannot both accept it), a recovery code once.
 */
function requireUnusedCode(twoFactor: TwoFactorOn, code: SecondFactorCode): void {
  if (code.method === 'totp' && code.totpStep <= twoFactor.lastTotpStep) throw unauthorized(CODE_ALREADY_USED);
  if (code.method === 'recovery-code' && twoFactor.usedRecoveryCodes.includes(code.recoveryCodeIndex)) throw unauthorized(INVALID_CODE);
}

function disableTwoFactor(command: DisableTwoFactor, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.twoFactor.status !== 'on') throw validationError(TWO_FACTOR_OFF);
  requireUnusedCode(account.twoFactor, command.code);
  return [{ type: 'TwoFactorDisabled', data: { at: command.now.toISOString() } }];
}

function regenerateRecoveryCodes(command: RegenerateRecoveryCodes, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.twoFactor.status !== 'on') throw validationError(TWO_FACTOR_OFF);
  requireUnusedCode(account.twoFactor, { method: 'totp', totpStep: command.totpStep });
  const { sealedRecoveryCodes, totpStep } = command;
  return [{ type: 'RecoveryCodesRegenerated', data: { sealedRecoveryCodes, totpStep, at: command.now.toISOString() } }];
}

function passSecondFactor(command: PassSecondFactor, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (account.twoFactor.status !== 'on' || command.challengePasses !== account.secondFactorPasses) throw unauthorized(INVALID_CHALLENGE);
  requireUnusedCode(account.twoFactor, command.code);
  const at = command.now.toISOString();
  if (command.code.method === 'totp') {
    return [{ type: 'SecondFactorPassed', data: { method: 'totp', totpStep: command.code.totpStep, recoveryCodeIndex: null, at } }];
  }
  return [
    {
      type: 'SecondFactorPassed',
      data: { method: 'recovery-code', totpStep: null, recoveryCodeIndex: command.code.recoveryCodeIndex, at },
    },
  ];
}

function registerPasskey(command: RegisterPasskey, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (ownEntry(account.passkeys, command.passkey.credentialId)) throw conflict(PASSKEY_ALREADY_REGISTERED);
  if (Object.keys(account.passkeys).length >= MAX_PASSKEYS) throw validationError(TOO_MANY_PASSKEYS);
  return [
    {
      type: 'PasskeyRegistered',
      data: {
        ...command.passkey,
        transports: [...command.passkey.transports],
        sealedName: command.sealedName,
        at: command.now.toISOString(),
      },
    },
  ];
}

function renamePasskey(command: RenamePasskey, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (!ownEntry(account.passkeys, command.credentialId)) throw notFound(PASSKEY_NOT_FOUND);
  return [
    { type: 'PasskeyRenamed', data: { credentialId: command.credentialId, sealedName: command.sealedName, at: command.now.toISOString() } },
  ];
}

function removePasskey(command: RemovePasskey, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  if (!ownEntry(account.passkeys, command.credentialId)) throw notFound(PASSKEY_NOT_FOUND);
  if (signInMethodsOf(account) <= 1) throw validationError(LAST_SIGN_IN_METHOD);
  return [{ type: 'PasskeyRemoved', data: { credentialId: command.credentialId, at: command.now.toISOString() } }];
}

function usePasskey(command: UsePasskey, state: AccountState): AccountEvent[] {
  const account = requireAccount(state);
  const passkey = ownEntry(account.passkeys, command.credentialId);
  if (!passkey) throw unauthorized(PASSKEY_SIGN_IN_FAILED);
  // The count only goes up on an authenticator that keeps one: one that did not was cloned (or the assertion replayed).
  if ((command.counter > 0 || passkey.counter > 0) && command.counter <= passkey.counter) throw unauthorized(PASSKEY_SIGN_IN_FAILED);
  const at = command.now.toISOString();
  const secondFactor = command.challengePasses !== undefined;
  if (secondFactor && (account.twoFactor.status !== 'on' || command.challengePasses !== account.secondFactorPasses))
    throw unauthorized(INVALID_CHALLENGE);
  const used: AccountEvent = {
    type: 'PasskeyUsed',
    data: {
      credentialId: command.credentialId,
      counter: command.counter,
      backedUp: command.backedUp,
      purpose: secondFactor ? 'second-factor' : 'sign-in',
      at,
    },
  };
  if (!secondFactor) return [used];
  return [used, { type: 'SecondFactorPassed', data: { method: 'passkey', totpStep: null, recoveryCodeIndex: null, at } }];
}

function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RegisterAccount':
      return register(command, state);
    case 'ConfirmEmail':
      return confirmEmail(command, state);
    case 'RequestConfirmationLink':
      return requestConfirmationLink(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'GrantAdmin':
      return grantAdmin(command, state);
    case 'RevokeAdmin':
      return revokeAdmin(command, state);
    case 'LogOutEverywhere':
      return logOutEverywhere(command, state);
    case 'EraseAccount':
      return erase(command, state);
    case 'SetCommentNotifications':
      return setCommentNotifications(command, state);
    case 'SetEmailPreference':
      return setEmailPreference(command, state);
    case 'CreateApiToken':
      return createApiToken(command, state);
    case 'RevokeApiToken':
      return revokeApiToken(command, state);
    case 'StartTwoFactorSetup':
      return startTwoFactorSetup(command, state);
    case 'EnableTwoFactor':
      return enableTwoFactor(command, state);
    case 'DisableTwoFactor':
      return disableTwoFactor(command, state);
    case 'RegenerateRecoveryCodes':
      return regenerateRecoveryCodes(command, state);
    case 'PassSecondFactor':
      return passSecondFactor(command, state);
    case 'LinkExternalIdentity':
      return linkExternalIdentity(command, state);
    case 'UnlinkExternalIdentity':
      return unlinkExternalIdentity(command, state);
    case 'RegisterPasskey':
      return registerPasskey(command, state);
    case 'RenamePasskey':
      return renamePasskey(command, state);
    case 'RemovePasskey':
      return removePasskey(command, state);
    case 'UsePasskey':
      return usePasskey(command, state);
    case 'SuspendAccount':
      return suspend(command, state);
    case 'UnsuspendAccount':
      return unsuspend(command, state);
    default: {
      const _exhaustive: never = command;
      throw new Error(`Unknown account command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

function evolve(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'AccountRegistered') {
    const { accountId, roleId, credentialVersion, emailLookup, userNameLookup, sealed, registeredAt } = event.data;
    const account: AccountRecord = {
      accountId,
      roleId,
      emailConfirmed: false,
      credentialVersion,
      emailLookup,
      userNameLookup,
      sealed,
      sealedPasswordHash: null,
      registeredAt,
      emailPreferences: DEFAULT_EMAIL_PREFERENCES,
      apiTokens: {},
      twoFactor: { status: 'off' },
      secondFactorPasses: 0,
      hasPassword: !event.data.passwordless,
      externalIdentities: {},
      passkeys: {},
      suspension: null,
    };
    return { status: 'registered', account };
  }
  if (state.status === 'initial') return state;
  return { status: event.type === 'AccountErased' ? 'erased' : state.status, account: evolveAccount(state.account, event) };
}

/** Erasure changes the status only; the record keeps changing as its events say (as before erasure). */
function evolveAccount(account: AccountRecord, event: Exclude<AccountEvent, { type: 'AccountRegistered' }>): AccountRecord {
  switch (event.type) {
    case 'EmailConfirmed':
      return { ...account, emailConfirmed: true };
    case 'PasswordChanged':
      return {
        ...account,
        sealedPasswordHash: event.data.sealedPasswordHash,
        credentialVersion: event.data.credentialVersion,
        hasPassword: true,
      };
    case 'RoleGranted':
      return { ...account, roleId: event.data.roleId };
    case 'RoleRevoked':
      return { ...account, roleId: RoleId.User };
    case 'SessionsRevoked':
      return { ...account, credentialVersion: event.data.credentialVersion };
    case 'CommentNotificationsTurnedOff':
    case 'CommentNotificationsTurnedOn': {
      const enabled = event.type === 'CommentNotificationsTurnedOn';
      return { ...account, emailPreferences: { ...account.emailPreferences, comment: enabled, reply: enabled } };
    }
    case 'EmailPreferenceSet':
      return { ...account, emailPreferences: { ...account.emailPreferences, [event.data.kind]: event.data.enabled } };
    case 'ApiTokenCreated':
      return { ...account, apiTokens: { ...account.apiTokens, [event.data.tokenId]: event.data.expiresAt } };
    case 'ApiTokenRevoked': {
      const { [event.data.tokenId]: _revoked, ...apiTokens } = account.apiTokens;
      return { ...account, apiTokens };
    }
    case 'TwoFactorSetupStarted':
      return { ...account, twoFactor: { status: 'pending', sealedSecret: event.data.sealedSecret } };
    case 'TwoFactorEnabled':
      return account.twoFactor.status === 'pending'
        ? {
            ...account,
            twoFactor: {
              status: 'on',
              sealedSecret: account.twoFactor.sealedSecret,
              sealedRecoveryCodes: event.data.sealedRecoveryCodes,
              usedRecoveryCodes: [],
              lastTotpStep: event.data.totpStep,
            },
          }
        : account;
    case 'TwoFactorDisabled':
      return { ...account, twoFactor: { status: 'off' } };
    case 'RecoveryCodesRegenerated':
      return account.twoFactor.status === 'on'
        ? {
            ...account,
            twoFactor: {
              ...account.twoFactor,
              sealedRecoveryCodes: event.data.sealedRecoveryCodes,
              usedRecoveryCodes: [],
              lastTotpStep: event.data.totpStep,
            },
          }
        : account;
    case 'SecondFactorPassed': {
      const twoFactor = account.twoFactor;
      if (twoFactor.status !== 'on') return { ...account, secondFactorPasses: account.secondFactorPasses + 1 };
      return {
        ...account,
        secondFactorPasses: account.secondFactorPasses + 1,
        twoFactor: {
          ...twoFactor,
          lastTotpStep: event.data.totpStep ?? twoFactor.lastTotpStep,
          usedRecoveryCodes:
            event.data.recoveryCodeIndex === null
              ? twoFactor.usedRecoveryCodes
              : [...twoFactor.usedRecoveryCodes, event.data.recoveryCodeIndex],
        },
      };
    }
    case 'ExternalIdentityLinked':
      return { ...account, externalIdentities: { ...account.externalIdentities, [event.data.subjectLookup]: event.data.provider } };
    case 'ExternalIdentityUnlinked': {
      const { [event.data.subjectLookup]: _unlinked, ...externalIdentities } = account.externalIdentities;
      return { ...account, externalIdentities };
    }
    case 'PasskeyRegistered': {
      const { credentialId, publicKey, counter, transports, deviceType, backedUp, sealedName, at } = event.data;
      const passkey: PasskeyRecord = {
        credentialId,
        publicKey,
        counter,
        transports,
        deviceType,
        backedUp,
        sealedName,
        registeredAt: at,
        lastUsedAt: null,
      };
      return { ...account, passkeys: { ...account.passkeys, [credentialId]: passkey } };
    }
    case 'PasskeyRenamed':
    case 'PasskeyUsed': {
      const passkey = ownEntry(account.passkeys, event.data.credentialId);
      if (!passkey) return account;
      const changed: PasskeyRecord =
        event.type === 'PasskeyRenamed'
          ? { ...passkey, sealedName: event.data.sealedName }
          : { ...passkey, counter: event.data.counter, backedUp: event.data.backedUp, lastUsedAt: event.data.at };
      return { ...account, passkeys: { ...account.passkeys, [passkey.credentialId]: changed } };
    }
    case 'PasskeyRemoved': {
      const { [event.data.credentialId]: _removed, ...passkeys } = account.passkeys;
      return { ...account, passkeys };
    }
    case 'AccountSuspended':
      return { ...account, suspension: { until: event.data.until, reason: event.data.reason } };
    case 'AccountUnsuspended':
      return { ...account, suspension: null };
    case 'ConfirmationLinkRequested':
    case 'PasswordResetRequested':
    case 'AccountErased':
      return account;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve,
  decide,
};
