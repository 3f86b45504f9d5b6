import { deciderSpec } from '@app/testing';
import type { AccountCommand } from './commands';
import { CREDENTIAL_LINK_LIFETIME_MS } from './credential-link-window';
import { accountDecider } from './decider';
import { ACCOUNT_ALREADY_EXISTS, ACCOUNT_NOT_FOUND, EMAIL_ALREADY_CONFIRMED, INVALID_LINK } from './errors';
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

const register = (userName = 'ada'): AccountCommand => ({
  type: 'RegisterAccount',
  accountId,
  userName,
  sealed,
  emailLookup,
  userNameLookup,
  now: registeredOn,
});
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
      spec.given([registered]).when(register()).thenThrows('conflict', ACCOUNT_ALREADY_EXISTS);
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
      spec.given([registered, passwordChanged]).when(confirmEmail(1)).thenThrows('validation', INVALID_LINK);
    });

    it('accepts a link signed after the password changed', () => {
      spec
        .given([registered, passwordChanged])
        .when(confirmEmail(2))
        .then([{ type: 'EmailConfirmed', data: { at } }]);
    });

    it('refuses a second use of the link', () => {
      spec.given([registered, confirmed]).when(confirmEmail(1)).thenThrows('conflict', EMAIL_ALREADY_CONFIRMED);
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(confirmEmail(1)).thenThrows('not_found', ACCOUNT_NOT_FOUND);
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
      spec.given([]).when(requestConfirmationLink).thenThrows('not_found', ACCOUNT_NOT_FOUND);
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
      spec.given([]).when(requestPasswordReset).thenThrows('not_found', ACCOUNT_NOT_FOUND);
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
      spec.given([registered, confirmed, passwordChanged]).when(changePassword(1)).thenThrows('validation', INVALID_LINK);
    });

    it('refuses an unknown account', () => {
      spec.given([]).when(changePassword(1)).thenThrows('not_found', ACCOUNT_NOT_FOUND);
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
      spec.given([]).when(grantAdmin).thenThrows('not_found', ACCOUNT_NOT_FOUND);
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
      spec.given([]).when(revokeAdmin).thenThrows('not_found', ACCOUNT_NOT_FOUND);
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
        .thenThrows('validation', INVALID_LINK);
    });

    it('refuses an unknown or erased account', () => {
      spec.given([]).when(logOutEverywhere).thenThrows('not_found', ACCOUNT_NOT_FOUND);
      spec
        .given([registered, { type: 'AccountErased', data: { at } }])
        .when(logOutEverywhere)
        .thenThrows('not_found', ACCOUNT_NOT_FOUND);
    });
  });

  describe('evolve', () => {
    it('folds the account state a login and a link check need', () => {
      const state = [registered, confirmed, passwordChanged, granted].reduce(accountDecider.evolve, accountDecider.initialState);
      expect(state).toEqual({
        exists: true,
        erased: false,
        accountId,
        roleId: 2,
        emailConfirmed: true,
        credentialVersion: 2,
        emailLookup,
        userNameLookup,
        sealed,
        sealedPasswordHash,
        registeredAt: registeredOn.toISOString(),
        commentNotifications: true,
      });
    });
  });

  describe('erase', () => {
    const now = new Date('2026-04-01T00:00:00.000Z');
    const erase: AccountCommand = { type: 'EraseAccount', accountId, now };
    const erased: AccountEvent = { type: 'AccountErased', data: { at: now.toISOString() } };

    it('erases an account', () => spec.given([registered]).when(erase).then([erased]));
    it('erases once: a second erase records nothing', () => spec.given([registered, erased]).when(erase).thenNothingHappened());
    it('refuses an unknown account', () => spec.given([]).when(erase).thenThrows('not_found', ACCOUNT_NOT_FOUND));
    it('refuses every later command on an erased account', () =>
      spec.given([registered, erased]).when({ type: 'GrantAdmin', accountId, now }).thenThrows('not_found', ACCOUNT_NOT_FOUND));
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
      spec.given([]).when(set(false)).thenThrows('not_found', ACCOUNT_NOT_FOUND);
      spec
        .given([registered, { type: 'AccountErased', data: { at: now.toISOString() } }])
        .when(set(false))
        .thenThrows('not_found');
    });
  });
});
