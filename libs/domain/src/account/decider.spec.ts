import { deciderSpec } from '@app/testing';
import type { AccountCommand, RegisterAccount, SecondFactorCode } from './commands';
import { CREDENTIAL_LINK_LIFETIME_MS } from './credential-link-window';
import { accountDecider, accountRecordOf } from './decider';
import { DEFAULT_EMAIL_PREFERENCES, type NotificationKind } from '../notification';
import * as errors from './errors';
import type { AccountEvent } from './events';
import type { SealedPersonalData } from './sealed-personal-data';

const spec = deciderSpec(accountDecider);

const registeredOn = new Date('2025-03-01T10:00:00.000Z');
const now = new Date('2025-03-02T12:30:00.000Z');
const at = now.toISOString();
const created = String(now.getTime());
const expire = String(now.getTime() + CREDENTIAL_LINK_LIFETIME_MS);

const sealed: SealedPersonalData = { v: 1, iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const sealedPasswordHash: SealedPersonalData = { v: 1, iv: 'aXYy', tag: 'dGFnMg==', data: 'bmV3' };
const emailLookup = 'a1b2c3';
const userNameLookup = 'd4e5f6';
const accountId = '0b6f2c1e-6a3d-4b7e-9f10-2a6c3d4e5f60';

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId, sealed, emailLookup, userNameLookup, roleId: 1, credentialVersion: 1, registeredAt: registeredOn.toISOString() },
};
const firstLinkRequested: AccountEvent = {
  type: 'ConfirmationLinkRequested',
  data: {
    accountId,
    created: String(registeredOn.getTime()),
    expire: String(registeredOn.getTime() + 15 * 60 * 1000),
    credentialVersion: 1,
  },
};
const confirmed: AccountEvent = { type: 'EmailConfirmed', data: { at: registeredOn.toISOString() } };
const passwordChanged: AccountEvent = {
  type: 'PasswordChanged',
  data: { sealedPasswordHash, credentialVersion: 2, at: registeredOn.toISOString() },
};
const granted: AccountEvent = { type: 'RoleGranted', data: { roleId: 2, at: registeredOn.toISOString() } };
const revoked: AccountEvent = { type: 'RoleRevoked', data: { roleId: 2, at: registeredOn.toISOString() } };

const registration = { type: 'RegisterAccount', accountId, sealed, emailLookup, userNameLookup, now: registeredOn } as const;
const register = (userName = 'ada'): AccountCommand => ({ ...registration, userName });
const confirmEmail = (credentialVersion: number): AccountCommand => ({ type: 'ConfirmEmail', accountId, credentialVersion, now });
const requestConfirmationLink: AccountCommand = { type: 'RequestConfirmationLink', accountId, now };
const requestPasswordReset: AccountCommand = { type: 'RequestPasswordReset', accountId, now };
const changePassword = (credentialVersion: number): AccountCommand => ({
  type: 'ChangePassword',
  accountId,
  sealedPasswordHash,
  credentialVersion,
  now,
});
const grantAdmin: AccountCommand = { type: 'GrantAdmin', accountId, now };
const revokeAdmin: AccountCommand = { type: 'RevokeAdmin', accountId, now };
const logOutEverywhere: AccountCommand = { type: 'LogOutEverywhere', accountId, now };
const sessionsRevoked = (credentialVersion: number, reason: 'logout-everywhere' | 'role-changed'): AccountEvent => ({
  type: 'SessionsRevoked',
  data: { credentialVersion, reason, at },
});

describe('accountDecider', () => {
  describe('RegisterAccount', () => {
    it('registers a user at credential version 1 and asks for the confirmation e-mail', () => {
      spec.given([]).when(register()).then([registered, firstLinkRequested]);
    });

    it('refuses a second registration of the same account', () => {
      spec.given([registered]).when(register()).thenThrows('conflict', errors.ACCOUNT_ALREADY_EXISTS);
    });

    it('refuses a user name that is not a URL-safe handle', () => {
      spec.given([]).when(register('Ada Lovelace')).thenThrows('validation');
      spec
        .given([])
        .when(register('a'.repeat(31)))
        .thenThrows('validation');
    });
  });

  describe('ConfirmEmail', () => {
    it('confirms the e-mail with a link of the current credential version', () => {
      spec
        .given([registered])
        .when(confirmEmail(1))
        .then([{ type: 'EmailConfirmed', data: { at } }]);
    });

    it('refuses a link signed before the password changed', () => {
      spec.given([registered, passwordChanged]).when(confirmEmail(1)).thenThrows('validation', errors.INVALID_LINK);
    });

    it('accepts a link signed after the password changed', () => {
      spec
        .given([registered, passwordChanged])
        .when(confirmEmail(2))
        .then([{ type: 'EmailConfirmed', data: { at } }]);
    });

    it('refuses a second use of the link', () => {
      spec.given([registered, confirmed]).when(confirmEmail(1)).thenThrows('conflict', errors.EMAIL_ALREADY_CONFIRMED);
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(confirmEmail(1)).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    });
  });

  describe('RequestConfirmationLink', () => {
    it('asks for a 15-minute link signed over the current credential version', () => {
      spec
        .given([registered, passwordChanged])
        .when(requestConfirmationLink)
        .then([{ type: 'ConfirmationLinkRequested', data: { accountId, created, expire, credentialVersion: 2 } }]);
    });

    it('sends nothing when the e-mail is already confirmed', () => {
      spec.given([registered, confirmed]).when(requestConfirmationLink).thenNothingHappened();
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(requestConfirmationLink).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    });
  });

  describe('RequestPasswordReset', () => {
    it('asks for a 15-minute reset link signed over the current credential version', () => {
      spec
        .given([registered, confirmed])
        .when(requestPasswordReset)
        .then([{ type: 'PasswordResetRequested', data: { accountId, created, expire, credentialVersion: 1 } }]);
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(requestPasswordReset).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    });
  });

  describe('ChangePassword', () => {
    it('records the new sealed hash and bumps the credential version', () => {
      spec
        .given([registered, confirmed])
        .when(changePassword(1))
        .then([{ type: 'PasswordChanged', data: { sealedPasswordHash, credentialVersion: 2, at } }]);
    });

    it('also confirms an unconfirmed e-mail, since the link came by e-mail', () => {
      spec
        .given([registered])
        .when(changePassword(1))
        .then([
          { type: 'PasswordChanged', data: { sealedPasswordHash, credentialVersion: 2, at } },
          { type: 'EmailConfirmed', data: { at } },
        ]);
    });

    it('refuses a reset link that was already used', () => {
      spec.given([registered, confirmed, passwordChanged]).when(changePassword(1)).thenThrows('validation', errors.INVALID_LINK);
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(changePassword(1)).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    });
  });

  describe('GrantAdmin', () => {
    it('grants the admin role and ends the sessions issued under the old one', () => {
      spec
        .given([registered])
        .when(grantAdmin)
        .then([{ type: 'RoleGranted', data: { roleId: 2, at } }, sessionsRevoked(2, 'role-changed')]);
    });

    it('changes nothing for an admin', () => {
      spec.given([registered, granted]).when(grantAdmin).thenNothingHappened();
    });

    it('grants again after a revoke', () => {
      spec
        .given([registered, passwordChanged, granted, revoked])
        .when(grantAdmin)
        .then([{ type: 'RoleGranted', data: { roleId: 2, at } }, sessionsRevoked(3, 'role-changed')]);
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(grantAdmin).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    });
  });

  describe('RevokeAdmin', () => {
    it('revokes the admin role', () => {
      spec
        .given([registered, granted])
        .when(revokeAdmin)
        .then([{ type: 'RoleRevoked', data: { roleId: 2, at } }, sessionsRevoked(2, 'role-changed')]);
    });

    it('changes nothing for a plain user', () => {
      spec.given([registered]).when(revokeAdmin).thenNothingHappened();
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(revokeAdmin).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    });
  });

  describe('LogOutEverywhere', () => {
    it('moves the credential version on, which every older session token was signed over', () => {
      spec
        .given([registered])
        .when(logOutEverywhere)
        .then([sessionsRevoked(2, 'logout-everywhere')]);
      spec
        .given([registered, passwordChanged, sessionsRevoked(3, 'logout-everywhere')])
        .when(logOutEverywhere)
        .then([sessionsRevoked(4, 'logout-everywhere')]);
    });

    it('kills the credential links asked for before it', () => {
      spec
        .given([registered, sessionsRevoked(2, 'logout-everywhere')])
        .when(changePassword(1))
        .thenThrows('validation', errors.INVALID_LINK);
    });

    it('refuses an unknown or erased account', () => {
      spec.given([]).when(logOutEverywhere).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
      spec
        .given([registered, { type: 'AccountErased', data: { at } }])
        .when(logOutEverywhere)
        .thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    });
  });

  describe('evolve', () => {
    it('folds the account state a login and a link check need', () => {
      const state = [registered, confirmed, passwordChanged, granted].reduce(accountDecider.evolve, accountDecider.initialState);
      expect(state).toEqual({
        status: 'registered',
        account: {
          accountId,
          roleId: 2,
          emailConfirmed: true,
          credentialVersion: 2,
          emailLookup,
          userNameLookup,
          sealed,
          sealedPasswordHash,
          registeredAt: registeredOn.toISOString(),
          emailPreferences: DEFAULT_EMAIL_PREFERENCES,
          apiTokens: {},
          twoFactor: { status: 'off' },
          secondFactorPasses: 0,
          hasPassword: true,
          externalIdentities: {},
          passkeys: {},
          suspension: null,
        },
      });
    });
  });

  describe('erase', () => {
    const now = new Date('2026-04-01T00:00:00.000Z');
    const erase: AccountCommand = { type: 'EraseAccount', accountId, now };
    const erased: AccountEvent = { type: 'AccountErased', data: { at: now.toISOString() } };

    it('erases an account', () => spec.given([registered]).when(erase).then([erased]));
    it('erases once: a second erase records nothing', () => spec.given([registered, erased]).when(erase).thenNothingHappened());
    it('refuses an unknown account', () => spec.given([]).when(erase).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND));
    it('refuses every later command on an erased account', () =>
      spec.given([registered, erased]).when({ type: 'GrantAdmin', accountId, now }).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND));
  });

  describe('comment notifications', () => {
    const now = new Date('2026-04-01T00:00:00.000Z');
    const set = (enabled: boolean): AccountCommand => ({ type: 'SetCommentNotifications', accountId, enabled, now });
    const off: AccountEvent = { type: 'CommentNotificationsTurnedOff', data: { at: now.toISOString() } };
    const on: AccountEvent = { type: 'CommentNotificationsTurnedOn', data: { at: now.toISOString() } };

    it('are on by default: turning them on records nothing', () => spec.given([registered]).when(set(true)).thenNothingHappened());
    it('turn off once', () => {
      spec.given([registered]).when(set(false)).then([off]);
      spec.given([registered, off]).when(set(false)).thenNothingHappened();
    });
    it('turn on again', () => spec.given([registered, off]).when(set(true)).then([on]));
    it('refuse an unknown or erased account', () => {
      spec.given([]).when(set(false)).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
      spec
        .given([registered, { type: 'AccountErased', data: { at: now.toISOString() } }])
        .when(set(false))
        .thenThrows('not_found');
    });
  });

  describe('e-mail preferences per kind', () => {
    const now = new Date('2026-04-01T00:00:00.000Z');
    const at = now.toISOString();
    const prefer = (kind: NotificationKind, enabled: boolean): AccountCommand => ({
      type: 'SetEmailPreference',
      accountId,
      kind,
      enabled,
      now,
    });
    const preferenceSet = (kind: NotificationKind, enabled: boolean): AccountEvent => ({
      type: 'EmailPreferenceSet',
      data: { kind, enabled, at },
    });
    const preferencesAfter = (events: AccountEvent[]) =>
      accountRecordOf(events.reduce(accountDecider.evolve, accountDecider.initialState))?.emailPreferences;

    it('mail comments and replies by default, and nothing else', () => {
      expect(preferencesAfter([registered])).toEqual(DEFAULT_EMAIL_PREFERENCES);
      expect(Object.entries(DEFAULT_EMAIL_PREFERENCES).filter(([, enabled]) => enabled)).toEqual([
        ['comment', true],
        ['reply', true],
      ]);
    });
    it('change one kind at a time, recording only a change', () => {
      spec
        .given([registered])
        .when(prefer('mention', true))
        .then([preferenceSet('mention', true)]);
      spec.given([registered]).when(prefer('mention', false)).thenNothingHappened();
      spec.given([registered]).when(prefer('comment', true)).thenNothingHappened();
      spec
        .given([registered])
        .when(prefer('reply', false))
        .then([preferenceSet('reply', false)]);
      spec
        .given([registered, preferenceSet('reply', false)])
        .when(prefer('reply', true))
        .then([preferenceSet('reply', true)]);
    });
    it('fold with the old comment switch, which stands for comments and replies together', () => {
      const off: AccountEvent = { type: 'CommentNotificationsTurnedOff', data: { at } };
      expect(preferencesAfter([registered, preferenceSet('follow', true), off])).toMatchObject({
        comment: false,
        reply: false,
        follow: true,
      });
      spec
        .given([registered, preferenceSet('reply', false)])
        .when({ type: 'SetCommentNotifications', accountId, enabled: false, now })
        .then([off]);
      spec
        .given([registered, off, preferenceSet('comment', true)])
        .when(prefer('reply', false))
        .thenNothingHappened();
    });
    it('refuse an unknown or erased account', () => {
      spec.given([]).when(prefer('like', true)).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
      spec
        .given([registered, { type: 'AccountErased', data: { at } }])
        .when(prefer('like', true))
        .thenThrows('not_found');
    });
  });
});

describe('personal API tokens', () => {
  const expiresAt = new Date('2025-04-01T12:30:00.000Z');
  const create = (tokenId: string, when = now): AccountCommand => ({
    type: 'CreateApiToken',
    accountId,
    tokenId,
    sealedName: sealed,
    secretHash: `hash-${tokenId}`,
    scopes: ['read', 'read'],
    expiresAt,
    now: when,
  });
  const created = (tokenId: string): AccountEvent => ({
    type: 'ApiTokenCreated',
    data: { tokenId, sealedName: sealed, secretHash: `hash-${tokenId}`, scopes: ['read'], expiresAt: expiresAt.toISOString(), at },
  });

  it('records a token by the hash of its secret, each scope once', () => {
    spec
      .given([registered])
      .when(create('t1'))
      .then([created('t1')]);
    spec.given([]).when(create('t1')).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
  });

  it('revokes a token once; an unknown or revoked one answers as not found', () => {
    const revoke: AccountCommand = { type: 'RevokeApiToken', accountId, tokenId: 't1', now };
    const tokenRevoked: AccountEvent = { type: 'ApiTokenRevoked', data: { tokenId: 't1', reason: 'revoked', at } };
    spec
      .given([registered, created('t1')])
      .when(revoke)
      .then([tokenRevoked]);
    spec
      .given([registered, created('t1'), tokenRevoked])
      .when(revoke)
      .thenThrows('not_found', errors.API_TOKEN_NOT_FOUND);
    spec.given([registered]).when(revoke).thenThrows('not_found', errors.API_TOKEN_NOT_FOUND);
  });

  it(`holds at most ${errors.MAX_API_TOKENS} unexpired tokens`, () => {
    const many = Array.from({ length: errors.MAX_API_TOKENS }, (_, index) => created(`t${index}`));
    spec
      .given([registered, ...many])
      .when(create('one-more'))
      .thenThrows('validation', errors.TOO_MANY_API_TOKENS);
    // Once they expired, they no longer count.
    spec
      .given([registered, ...many])
      .when(create('one-more', new Date('2025-05-01T00:00:00.000Z')))
      .then([{ ...created('one-more'), data: { ...created('one-more').data, at: '2025-05-01T00:00:00.000Z' } } as AccountEvent]);
  });

  it('a password reset revokes every token', () => {
    spec
      .given([registered, confirmed, created('t1'), created('t2')])
      .when(changePassword(1))
      .then([
        { type: 'PasswordChanged', data: { sealedPasswordHash, credentialVersion: 2, at } },
        { type: 'ApiTokenRevoked', data: { tokenId: 't1', reason: 'password-changed', at } },
        { type: 'ApiTokenRevoked', data: { tokenId: 't2', reason: 'password-changed', at } },
      ]);
  });
});

describe('two-factor authentication', () => {
  const sealedSecret: SealedPersonalData = { v: 1, iv: 'c2Vj', tag: 'cmV0', data: 'c2VjcmV0' };
  const setupStarted: AccountEvent = { type: 'TwoFactorSetupStarted', data: { sealedSecret, at } };
  const enabled: AccountEvent = { type: 'TwoFactorEnabled', data: { sealedRecoveryCodes: sealed, totpStep: 100, at } };
  const pass = (code: Extract<AccountCommand, { type: 'PassSecondFactor' }>['code'], challengePasses = 0): AccountCommand => ({
    type: 'PassSecondFactor',
    accountId,
    challengePasses,
    code,
    now,
  });
  const passedWithStep = (totpStep: number): AccountEvent => ({
    type: 'SecondFactorPassed',
    data: { method: 'totp', totpStep, recoveryCodeIndex: null, at },
  });
  const passedWithRecoveryCode = (recoveryCodeIndex: number): AccountEvent => ({
    type: 'SecondFactorPassed',
    data: { method: 'recovery-code', totpStep: null, recoveryCodeIndex, at },
  });

  it('sets up a pending secret, then turns on with a first code; not twice', () => {
    spec.given([registered]).when({ type: 'StartTwoFactorSetup', accountId, sealedSecret, now }).then([setupStarted]);
    spec
      .given([registered])
      .when({ type: 'EnableTwoFactor', accountId, totpStep: 100, sealedRecoveryCodes: sealed, now })
      .thenThrows('validation', errors.TWO_FACTOR_NOT_SET_UP);
    spec
      .given([registered, setupStarted])
      .when({ type: 'EnableTwoFactor', accountId, totpStep: 100, sealedRecoveryCodes: sealed, now })
      .then([enabled]);
    spec
      .given([registered, setupStarted, enabled])
      .when({ type: 'StartTwoFactorSetup', accountId, sealedSecret, now })
      .thenThrows('conflict', errors.TWO_FACTOR_ALREADY_ON);
  });

  it('a login passes once per challenge, with a code never used before', () => {
    spec
      .given([registered, setupStarted, enabled])
      .when(pass({ method: 'totp', totpStep: 101 }))
      .then([passedWithStep(101)]);
    // The code of the step that turned it on, or an older one, is refused (no replay).
    spec
      .given([registered, setupStarted, enabled])
      .when(pass({ method: 'totp', totpStep: 100 }))
      .thenThrows('unauthorized', errors.CODE_ALREADY_USED);
    spec
      .given([registered, setupStarted, enabled, passedWithStep(101)])
      .when(pass({ method: 'totp', totpStep: 101 }, 1))
      .thenThrows('unauthorized', errors.CODE_ALREADY_USED);
    // A challenge issued before another login passed is dead.
    spec
      .given([registered, setupStarted, enabled, passedWithStep(101)])
      .when(pass({ method: 'totp', totpStep: 102 }, 0))
      .thenThrows('unauthorized', errors.INVALID_CHALLENGE);
    spec
      .given([registered, setupStarted, enabled, passedWithStep(101)])
      .when(pass({ method: 'totp', totpStep: 102 }, 1))
      .then([passedWithStep(102)]);
  });

  it('a recovery code works once', () => {
    spec
      .given([registered, setupStarted, enabled])
      .when(pass({ method: 'recovery-code', recoveryCodeIndex: 3 }))
      .then([passedWithRecoveryCode(3)]);
    spec
      .given([registered, setupStarted, enabled, passedWithRecoveryCode(3)])
      .when(pass({ method: 'recovery-code', recoveryCodeIndex: 3 }, 1))
      .thenThrows('unauthorized', errors.INVALID_CODE);
  });

  const disable = (code: SecondFactorCode): AccountCommand => ({ type: 'DisableTwoFactor', accountId, code, now });

  it('turns off only when on', () => {
    spec
      .given([registered, setupStarted, enabled])
      .when(disable({ method: 'totp', totpStep: 101 }))
      .then([{ type: 'TwoFactorDisabled', data: { at } }]);
    spec
      .given([registered])
      .when(disable({ method: 'totp', totpStep: 101 }))
      .thenThrows('validation', errors.TWO_FACTOR_OFF);
    spec
      .given([registered])
      .when(pass({ method: 'totp', totpStep: 1 }))
      .thenThrows('unauthorized', errors.INVALID_CHALLENGE);
  });
});

describe('a code used for a login cannot turn two-factor off (replay guard)', () => {
  const setupStarted: AccountEvent = {
    type: 'TwoFactorSetupStarted',
    data: { sealedSecret: { v: 1, iv: 'c2Vj', tag: 'cmV0', data: 'c2VjcmV0' }, at },
  };
  const enabled: AccountEvent = { type: 'TwoFactorEnabled', data: { sealedRecoveryCodes: sealed, totpStep: 100, at } };
  const passed = (code: SecondFactorCode): AccountEvent => ({
    type: 'SecondFactorPassed',
    data:
      code.method === 'totp'
        ? { method: 'totp', totpStep: code.totpStep, recoveryCodeIndex: null, at }
        : { method: 'recovery-code', totpStep: null, recoveryCodeIndex: code.recoveryCodeIndex, at },
  });
  const disable = (code: SecondFactorCode): AccountCommand => ({ type: 'DisableTwoFactor', accountId, code, now });

  it('refuses the step a login used, and older ones', () => {
    for (const totpStep of [101, 99])
      spec
        .given([registered, setupStarted, enabled, passed({ method: 'totp', totpStep: 101 })])
        .when(disable({ method: 'totp', totpStep }))
        .thenThrows('unauthorized', errors.CODE_ALREADY_USED);
    spec
      .given([registered, setupStarted, enabled, passed({ method: 'totp', totpStep: 101 })])
      .when(disable({ method: 'totp', totpStep: 102 }))
      .then([{ type: 'TwoFactorDisabled', data: { at } }]);
  });

  it('refuses a recovery code a login used', () => {
    spec
      .given([registered, setupStarted, enabled, passed({ method: 'recovery-code', recoveryCodeIndex: 2 })])
      .when(disable({ method: 'recovery-code', recoveryCodeIndex: 2 }))
      .thenThrows('unauthorized', errors.INVALID_CODE);
  });
});

describe('regenerating recovery codes', () => {
  const setupStarted: AccountEvent = {
    type: 'TwoFactorSetupStarted',
    data: { sealedSecret: { v: 1, iv: 'c2Vj', tag: 'cmV0', data: 'c2VjcmV0' }, at },
  };
  const enabled: AccountEvent = { type: 'TwoFactorEnabled', data: { sealedRecoveryCodes: sealed, totpStep: 100, at } };
  const fresh: SealedPersonalData = { v: 1, iv: 'bmV3', tag: 'Y29kZXM=', data: 'ZnJlc2g=' };
  const regenerate = (totpStep: number): AccountCommand => ({
    type: 'RegenerateRecoveryCodes',
    accountId,
    totpStep,
    sealedRecoveryCodes: fresh,
    now,
  });
  const regenerated = (totpStep: number): AccountEvent => ({
    type: 'RecoveryCodesRegenerated',
    data: { sealedRecoveryCodes: fresh, totpStep, at },
  });
  const usedCode: AccountEvent = {
    type: 'SecondFactorPassed',
    data: { method: 'recovery-code', totpStep: null, recoveryCodeIndex: 4, at },
  };

  it('replaces the codes with a code of the authenticator, and every code is unused again', () => {
    spec
      .given([registered, setupStarted, enabled, usedCode])
      .when(regenerate(101))
      .then([regenerated(101)]);
    // Recovery code 4 of the new set was never used: a login may use it.
    spec
      .given([registered, setupStarted, enabled, usedCode, regenerated(101)])
      .when({ type: 'PassSecondFactor', accountId, challengePasses: 1, code: { method: 'recovery-code', recoveryCodeIndex: 4 }, now })
      .then([{ type: 'SecondFactorPassed', data: { method: 'recovery-code', totpStep: null, recoveryCodeIndex: 4, at } }]);
  });

  it('refuses a step already used (the one that turned it on, or that regenerated them) and an account without two-factor', () => {
    spec.given([registered, setupStarted, enabled]).when(regenerate(100)).thenThrows('unauthorized', errors.CODE_ALREADY_USED);
    spec
      .given([registered, setupStarted, enabled, regenerated(101)])
      .when(regenerate(101))
      .thenThrows('unauthorized', errors.CODE_ALREADY_USED);
    spec
      .given([registered, setupStarted, enabled, regenerated(101)])
      .when({ type: 'PassSecondFactor', accountId, challengePasses: 0, code: { method: 'totp', totpStep: 101 }, now })
      .thenThrows('unauthorized', errors.CODE_ALREADY_USED);
    spec.given([registered]).when(regenerate(101)).thenThrows('validation', errors.TWO_FACTOR_OFF);
  });
});

describe('accountDecider: external identities', () => {
  const sealedLabel: SealedPersonalData = { v: 1, iv: 'aXYz', tag: 'dGFnMw==', data: 'bGFiZWw=' };
  const identity = { provider: 'github', subjectLookup: 'f00d', sealedLabel };
  const other = { provider: 'oidc', subjectLookup: 'beef', sealedLabel };
  const linked = (ref = identity): AccountEvent => ({
    type: 'ExternalIdentityLinked',
    data: { provider: ref.provider, subjectLookup: ref.subjectLookup, sealedLabel, at },
  });
  const unlinked = (ref = identity): AccountEvent => ({
    type: 'ExternalIdentityUnlinked',
    data: { provider: ref.provider, subjectLookup: ref.subjectLookup, at },
  });
  const passwordless: AccountEvent = {
    type: 'AccountRegistered',
    data: { ...(registered.data as object), passwordless: true } as Extract<AccountEvent, { type: 'AccountRegistered' }>['data'],
  };
  const unlink = (subjectLookup = identity.subjectLookup): AccountCommand => ({
    type: 'UnlinkExternalIdentity',
    accountId,
    subjectLookup,
    now,
  });

  it('registers a first external sign-in without a password, confirmed when the provider verified the e-mail, linked', () =>
    spec
      .given([])
      .when({ ...(register() as RegisterAccount), now: registeredOn, external: { identity, emailVerified: true } })
      .then([
        passwordless,
        { type: 'EmailConfirmed', data: { at: registeredOn.toISOString() } },
        { type: 'ExternalIdentityLinked', data: { ...identity, at: registeredOn.toISOString() } },
      ]));

  it('asks for a confirmation of an e-mail the provider did not verify', () =>
    spec
      .given([])
      .when({ ...(register() as RegisterAccount), now: registeredOn, external: { identity, emailVerified: false } })
      .then([passwordless, firstLinkRequested, { type: 'ExternalIdentityLinked', data: { ...identity, at: registeredOn.toISOString() } }]));

  it('links an identity once', () => {
    spec.given([registered]).when({ type: 'LinkExternalIdentity', accountId, identity, now }).then([linked()]);
    spec.given([registered, linked()]).when({ type: 'LinkExternalIdentity', accountId, identity, now }).thenThrows('conflict');
  });

  it('unlinks from an account with a password, and refuses an identity not linked', () => {
    spec.given([registered, linked()]).when(unlink()).then([unlinked()]);
    spec.given([registered]).when(unlink()).thenThrows('not_found');
  });

  it('never unlinks the last way to sign in of an account without a password', () => {
    spec.given([passwordless, linked()]).when(unlink()).thenThrows('validation', errors.LAST_SIGN_IN_METHOD);
    spec
      .given([passwordless, linked(), linked(other)])
      .when(unlink())
      .then([unlinked()]);
    spec.given([passwordless, linked(), passwordChanged]).when(unlink()).then([unlinked()]);
  });
});

describe('accountDecider: passkeys', () => {
  const sealedName: SealedPersonalData = { v: 1, iv: 'bmFt', tag: 'ZQ==', data: 'bGFwdG9w' };
  const otherName: SealedPersonalData = { v: 1, iv: 'b3Ro', tag: 'ZXI=', data: 'cGhvbmU=' };
  const passkey = (credentialId = 'cred-1', counter = 0) => ({
    credentialId,
    publicKey: 'pQECAyYgASFYIA',
    counter,
    transports: ['internal'],
    deviceType: 'singleDevice' as const,
    backedUp: false,
  });
  const register = (credentialId = 'cred-1', counter = 0): AccountCommand => ({
    type: 'RegisterPasskey',
    accountId,
    passkey: passkey(credentialId, counter),
    sealedName,
    now,
  });
  const registeredPasskey = (credentialId = 'cred-1', counter = 0): AccountEvent => ({
    type: 'PasskeyRegistered',
    data: { ...passkey(credentialId, counter), sealedName, at },
  });
  const use = (counter: number, credentialId = 'cred-1', challengePasses?: number): AccountCommand => ({
    type: 'UsePasskey',
    accountId,
    credentialId,
    counter,
    backedUp: false,
    ...(challengePasses === undefined ? {} : { challengePasses }),
    now,
  });
  const used = (counter: number, purpose: 'sign-in' | 'second-factor' = 'sign-in'): AccountEvent => ({
    type: 'PasskeyUsed',
    data: { credentialId: 'cred-1', counter, backedUp: false, purpose, at },
  });
  const remove = (credentialId = 'cred-1'): AccountCommand => ({ type: 'RemovePasskey', accountId, credentialId, now });
  const removed = (credentialId = 'cred-1'): AccountEvent => ({ type: 'PasskeyRemoved', data: { credentialId, at } });
  const passwordless: AccountEvent = {
    type: 'AccountRegistered',
    data: { ...(registered.data as object), passwordless: true } as Extract<AccountEvent, { type: 'AccountRegistered' }>['data'],
  };
  const identityLinked: AccountEvent = {
    type: 'ExternalIdentityLinked',
    data: { provider: 'github', subjectLookup: 'f00d', sealedLabel: sealed, at },
  };

  it('registers a passkey once', () => {
    spec.given([registered]).when(register()).then([registeredPasskey()]);
    spec.given([registered, registeredPasskey()]).when(register()).thenThrows('conflict', errors.PASSKEY_ALREADY_REGISTERED);
    spec.given([registered, registeredPasskey(), removed()]).when(register()).then([registeredPasskey()]);
  });

  it(`holds at most ${errors.MAX_PASSKEYS} passkeys`, () => {
    const many = Array.from({ length: errors.MAX_PASSKEYS }, (_, index) => registeredPasskey(`cred-${index + 10}`));
    spec
      .given([registered, ...many])
      .when(register('one-more'))
      .thenThrows('validation', errors.TOO_MANY_PASSKEYS);
  });

  it('renames and removes only a registered passkey', () => {
    spec
      .given([registered, registeredPasskey()])
      .when({ type: 'RenamePasskey', accountId, credentialId: 'cred-1', sealedName: otherName, now })
      .then([{ type: 'PasskeyRenamed', data: { credentialId: 'cred-1', sealedName: otherName, at } }]);
    spec
      .given([registered])
      .when({ type: 'RenamePasskey', accountId, credentialId: 'cred-1', sealedName: otherName, now })
      .thenThrows('not_found', errors.PASSKEY_NOT_FOUND);
    spec.given([registered, registeredPasskey()]).when(remove()).then([removed()]);
    spec.given([registered, registeredPasskey(), removed()]).when(remove()).thenThrows('not_found', errors.PASSKEY_NOT_FOUND);
  });

  // Found by the fuzz suite: ids taken from the URL named the record's prototype ('constructor', '__proto__'), which looked registered.
  it.each(['constructor', '__proto__', 'toString'])('knows no passkey named %s', (credentialId) => {
    const given = [registered, registeredPasskey(), registeredPasskey('cred-2')];
    spec
      .given(given)
      .when({ type: 'RenamePasskey', accountId, credentialId, sealedName: otherName, now })
      .thenThrows('not_found', errors.PASSKEY_NOT_FOUND);
    spec.given(given).when(remove(credentialId)).thenThrows('not_found', errors.PASSKEY_NOT_FOUND);
    spec.given(given).when(use(1, credentialId)).thenThrows('unauthorized', errors.PASSKEY_SIGN_IN_FAILED);
    spec
      .given(given)
      .when({ type: 'RevokeApiToken', accountId, tokenId: credentialId, now })
      .thenThrows('not_found', errors.API_TOKEN_NOT_FOUND);
  });

  it('never removes the last way in: the only passkey of an account without a password or a linked identity', () => {
    spec.given([passwordless, registeredPasskey()]).when(remove()).thenThrows('validation', errors.LAST_SIGN_IN_METHOD);
    spec
      .given([passwordless, registeredPasskey(), registeredPasskey('cred-2')])
      .when(remove())
      .then([removed()]);
    spec.given([passwordless, registeredPasskey(), identityLinked]).when(remove()).then([removed()]);
  });

  it('lets an identity be unlinked from an account without a password when a passkey still signs in', () => {
    spec
      .given([passwordless, identityLinked, registeredPasskey()])
      .when({ type: 'UnlinkExternalIdentity', accountId, subjectLookup: 'f00d', now })
      .then([{ type: 'ExternalIdentityUnlinked', data: { provider: 'github', subjectLookup: 'f00d', at } }]);
  });

  it('signs in with a registered passkey whose signature count goes up, or stays 0 on one that keeps none', () => {
    spec
      .given([registered, registeredPasskey()])
      .when(use(0))
      .then([used(0)]);
    spec
      .given([registered, registeredPasskey('cred-1', 5)])
      .when(use(6))
      .then([used(6)]);
    spec
      .given([registered, registeredPasskey('cred-1', 5), used(6)])
      .when(use(7))
      .then([used(7)]);
  });

  it('refuses an unknown or removed passkey, and a signature count that did not go up (a clone)', () => {
    spec.given([registered]).when(use(1)).thenThrows('unauthorized', errors.PASSKEY_SIGN_IN_FAILED);
    spec.given([registered, registeredPasskey(), removed()]).when(use(1)).thenThrows('unauthorized', errors.PASSKEY_SIGN_IN_FAILED);
    spec
      .given([registered, registeredPasskey('cred-1', 5)])
      .when(use(5))
      .thenThrows('unauthorized', errors.PASSKEY_SIGN_IN_FAILED);
    spec
      .given([registered, registeredPasskey('cred-1', 5), used(9)])
      .when(use(8))
      .thenThrows('unauthorized', errors.PASSKEY_SIGN_IN_FAILED);
    spec
      .given([registered, registeredPasskey('cred-1', 5)])
      .when(use(0))
      .thenThrows('unauthorized', errors.PASSKEY_SIGN_IN_FAILED);
  });

  it("passes a login's second factor once per challenge", () => {
    const setupStarted: AccountEvent = { type: 'TwoFactorSetupStarted', data: { sealedSecret: sealed, at } };
    const enabled: AccountEvent = { type: 'TwoFactorEnabled', data: { sealedRecoveryCodes: sealed, totpStep: 100, at } };
    const passed: AccountEvent = { type: 'SecondFactorPassed', data: { method: 'passkey', totpStep: null, recoveryCodeIndex: null, at } };
    const on = [registered, setupStarted, enabled, registeredPasskey()];
    spec
      .given(on)
      .when(use(0, 'cred-1', 0))
      .then([used(0, 'second-factor'), passed]);
    spec
      .given([...on, used(0, 'second-factor'), passed])
      .when(use(0, 'cred-1', 0))
      .thenThrows('unauthorized', errors.INVALID_CHALLENGE);
    spec
      .given([registered, registeredPasskey()])
      .when(use(0, 'cred-1', 0))
      .thenThrows('unauthorized', errors.INVALID_CHALLENGE);
  });

  it('refuses every passkey command on an erased account', () => {
    const erased: AccountEvent = { type: 'AccountErased', data: { at } };
    spec.given([registered, registeredPasskey(), erased]).when(use(1)).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
    spec.given([registered, erased]).when(register()).thenThrows('not_found', errors.ACCOUNT_NOT_FOUND);
  });
});
