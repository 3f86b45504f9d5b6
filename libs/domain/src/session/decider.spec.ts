import { deciderSpec } from '@app/testing';
import type { RevokeSession } from './commands';
import { sessionDecider, SESSION_NOT_FOUND } from './decider';
import type { SessionEvent } from './events';

const spec = deciderSpec(sessionDecider);
const now = new Date('2026-02-01T10:00:00.000Z');
const expiresAt = new Date('2026-02-02T10:00:00.000Z');
const sealed = { v: 1 as const, iv: 'iv', tag: 'tag', data: 'data' };
const started: SessionEvent = {
  type: 'SessionStarted',
  data: { sessionId: 's1', accountId: 'ada', sealed, rememberMe: false, startedAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
};
const revoke: RevokeSession = { type: 'RevokeSession', sessionId: 's1', accountId: 'ada', now };
const revoked: SessionEvent = {
  type: 'SessionRevoked',
  data: { sessionId: 's1', accountId: 'ada', expiresAt: expiresAt.toISOString(), at: now.toISOString() },
};

describe('sessionDecider', () => {
  it('starts a session once', () => {
    spec
      .given([])
      .when({ type: 'StartSession', sessionId: 's1', accountId: 'ada', sealed, rememberMe: false, now, expiresAt })
      .then([started]);
    spec
      .given([started])
      .when({ type: 'StartSession', sessionId: 's1', accountId: 'ada', sealed, rememberMe: false, now, expiresAt })
      .thenThrows('conflict');
  });

  it('the owner revokes it; revoking it again changes nothing', () => {
    spec.given([started]).when(revoke).then([revoked]);
    spec.given([started, revoked]).when(revoke).thenNothingHappened();
  });

  it("someone else's session or an unknown one answers as not found", () => {
    spec
      .given([started])
      .when({ ...revoke, accountId: 'eve' })
      .thenThrows('not_found', SESSION_NOT_FOUND);
    spec.given([]).when(revoke).thenThrows('not_found', SESSION_NOT_FOUND);
  });
});
