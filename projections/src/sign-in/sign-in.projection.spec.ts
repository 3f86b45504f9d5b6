import type { AccountErased, AccountEvent, SessionEvent } from '@app/domain';
import { documentDoesNotExist, documentExists, documentIs, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import {
  API_TOKENS_COLLECTION,
  SESSIONS_COLLECTION,
  signInProjection,
  type ApiTokenDocument,
  type SessionDocument,
} from './sign-in.projection';

const sealed = { v: 1 as const, iv: 'iv', tag: 'tag', data: 'data' };
const started = (sessionId: string): SessionEvent => ({
  type: 'SessionStarted',
  data: {
    sessionId,
    accountId: 'ada',
    sealed,
    rememberMe: true,
    startedAt: '2026-02-01T10:00:00.000Z',
    expiresAt: '2026-03-03T10:00:00.000Z',
  },
});
const session = (event: SessionEvent) => on<SessionEvent>(`session-${event.data.sessionId}`, event);

describe('sign-in projection: sessions', () => {
  const readStore = useTemporaryReadStore();
  const spec = () => projectionSpec(signInProjection, readStore);

  it('lists a started session and forgets a revoked one', () =>
    spec()
      .given([session(started('s1'))])
      .when(
        session(started('s2')),
        session({
          type: 'SessionRevoked',
          data: { sessionId: 's1', accountId: 'ada', expiresAt: '2026-03-03T10:00:00.000Z', at: '2026-02-02T00:00:00.000Z' },
        }),
      )
      .then(
        documentDoesNotExist({ inCollection: SESSIONS_COLLECTION, withId: 's1' }),
        documentIs<SessionDocument>(
          {
            id: 's2',
            accountId: 'ada',
            sealed,
            rememberMe: true,
            startedAt: '2026-02-01T10:00:00.000Z',
            expiresAt: '2026-03-03T10:00:00.000Z',
          },
          { inCollection: SESSIONS_COLLECTION, withId: 's2' },
        ),
      ));

  it("drops every session of the account at 'log out everywhere' (or a password reset), keeps those started after", () =>
    spec()
      .given([session(started('s1'))])
      .when(
        on<AccountEvent>('account-ada', {
          type: 'SessionsRevoked',
          data: { credentialVersion: 2, reason: 'logout-everywhere', at: '2026-02-02T00:00:00.000Z' },
        }),
        session(started('s2')),
      )
      .then(
        documentDoesNotExist({ inCollection: SESSIONS_COLLECTION, withId: 's1' }),
        documentExists({ accountId: 'ada' }, { inCollection: SESSIONS_COLLECTION, withId: 's2' }),
      ));

  it("drops an erased account's sessions", () =>
    spec()
      .given([session(started('s1')), session(started('s2'))])
      .when(on<AccountErased>('account-ada', { type: 'AccountErased', data: { at: '2026-02-02T00:00:00.000Z' } }))
      .then(
        documentDoesNotExist({ inCollection: SESSIONS_COLLECTION, withId: 's1' }),
        documentDoesNotExist({ inCollection: SESSIONS_COLLECTION, withId: 's2' }),
      ));
});

describe('sign-in projection: API tokens', () => {
  const readStore = useTemporaryReadStore();
  const spec = () => projectionSpec(signInProjection, readStore);
  const created = (tokenId: string) =>
    on<AccountEvent>('account-ada', {
      type: 'ApiTokenCreated',
      data: {
        tokenId,
        sealedName: sealed,
        secretHash: 'h',
        scopes: ['read'],
        expiresAt: '2026-03-01T00:00:00.000Z',
        at: '2026-02-01T00:00:00.000Z',
      },
    });

  it('keeps a token by id with its owner and hash until it is revoked or the account erased', () =>
    spec()
      .given([created('t1'), created('t2'), created('t3')])
      .when(
        on<AccountEvent>('account-ada', {
          type: 'ApiTokenRevoked',
          data: { tokenId: 't1', reason: 'revoked', at: '2026-02-02T00:00:00.000Z' },
        }),
      )
      .then(
        documentDoesNotExist({ inCollection: API_TOKENS_COLLECTION, withId: 't1' }),
        documentIs<ApiTokenDocument>(
          {
            id: 't2',
            accountId: 'ada',
            sealedName: sealed,
            secretHash: 'h',
            scopes: ['read'],
            createdAt: '2026-02-01T00:00:00.000Z',
            expiresAt: '2026-03-01T00:00:00.000Z',
          },
          { inCollection: API_TOKENS_COLLECTION, withId: 't2' },
        ),
      ));

  it("drops an erased account's tokens", () =>
    spec()
      .given([created('t1')])
      .when(on<AccountErased>('account-ada', { type: 'AccountErased', data: { at: '2026-02-02T00:00:00.000Z' } }))
      .then(documentDoesNotExist({ inCollection: API_TOKENS_COLLECTION, withId: 't1' })));
});
