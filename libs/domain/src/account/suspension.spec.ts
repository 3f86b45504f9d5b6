import { SUSPENSION_MESSAGES } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import type { AccountCommand } from './commands';
import { accountDecider, activeSuspension } from './decider';
import type { AccountEvent } from './events';
import type { SealedPersonalData } from './sealed-personal-data';

const spec = deciderSpec(accountDecider);

const accountId = '0b6f2c1e-6a3d-4b7e-9f10-2a6c3d4e5f60';
const sealed: SealedPersonalData = { v: 1, iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const registeredAt = '2025-03-01T10:00:00.000Z';
const now = new Date('2025-03-02T12:00:00.000Z');
const at = now.toISOString();
const nextWeek = new Date('2025-03-09T12:00:00.000Z');

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId, sealed, emailLookup: 'e', userNameLookup: 'u', roleId: 1, credentialVersion: 1, registeredAt },
};
const granted: AccountEvent = { type: 'RoleGranted', data: { roleId: 2, at: registeredAt } };
const suspendedUntil = (until: string | null, suspendedAt = registeredAt): AccountEvent => ({
  type: 'AccountSuspended',
  data: { until, reason: 'spam', at: suspendedAt },
});

const suspend = (until: Date | null, when = now): AccountCommand => ({
  type: 'SuspendAccount',
  accountId,
  until,
  reason: 'spam',
  now: when,
});
const unsuspend = (when = now): AccountCommand => ({ type: 'UnsuspendAccount', accountId, now: when });

describe('account decider: suspensions (issue 27)', () => {
  it('suspends until a date and ends every session in the same append', () =>
    spec
      .given([registered])
      .when(suspend(nextWeek))
      .then([
        { type: 'AccountSuspended', data: { until: nextWeek.toISOString(), reason: 'spam', at } },
        { type: 'SessionsRevoked', data: { credentialVersion: 2, reason: 'suspended', at } },
      ]));

  it('suspends indefinitely (until null)', () =>
    spec
      .given([registered])
      .when(suspend(null))
      .then([
        { type: 'AccountSuspended', data: { until: null, reason: 'spam', at } },
        { type: 'SessionsRevoked', data: { credentialVersion: 2, reason: 'suspended', at } },
      ]));

  it('refuses an end that is not in the future', () =>
    spec.given([registered]).when(suspend(now)).thenThrows('validation', SUSPENSION_MESSAGES.untilPast));

  it('refuses to suspend an admin', () =>
    spec.given([registered, granted]).when(suspend(null)).thenThrows('validation', SUSPENSION_MESSAGES.adminSuspended));

  it('refuses an account nobody registered', () => spec.given([]).when(suspend(null)).thenThrows('not_found', 'Account not found.'));

  it('lifts a suspension that holds', () =>
    spec
      .given([registered, suspendedUntil(nextWeek.toISOString())])
      .when(unsuspend())
      .then([{ type: 'AccountUnsuspended', data: { at } }]));

  it('changes nothing when the suspension has already ended (the clock passed its until)', () =>
    spec
      .given([registered, suspendedUntil(nextWeek.toISOString())])
      .when(unsuspend(new Date('2025-03-09T12:00:00.001Z')))
      .thenNothingHappened());

  it('changes nothing for someone not suspended, or unsuspended already', () =>
    spec
      .given([registered, suspendedUntil(null), { type: 'AccountUnsuspended', data: { at } }])
      .when(unsuspend())
      .thenNothingHappened());

  describe('the window: a suspension blocks only until its end', () => {
    const fold = (events: AccountEvent[]) => {
      const state = events.reduce(accountDecider.evolve, accountDecider.initialState);
      if (state.status !== 'registered') throw new Error('not registered');
      return state.account;
    };
    const account = fold([registered, suspendedUntil(nextWeek.toISOString())]);

    it('holds before its until', () => expect(activeSuspension(account, now)).toEqual({ until: nextWeek.toISOString(), reason: 'spam' }));
    it('no longer holds at and after its until', () => {
      expect(activeSuspension(account, nextWeek)).toBeNull();
      expect(activeSuspension(account, new Date('2026-01-01T00:00:00Z'))).toBeNull();
    });
    it('holds forever when indefinite, and not once lifted', () => {
      expect(activeSuspension(fold([registered, suspendedUntil(null)]), new Date('2099-01-01T00:00:00Z'))).not.toBeNull();
      expect(activeSuspension(fold([registered, suspendedUntil(null), { type: 'AccountUnsuspended', data: { at } }]), now)).toBeNull();
    });
    it('a later suspension replaces the one before', () =>
      expect(activeSuspension(fold([registered, suspendedUntil(null), suspendedUntil(nextWeek.toISOString())]), now)?.until).toBe(
        nextWeek.toISOString(),
      ));
  });
});
