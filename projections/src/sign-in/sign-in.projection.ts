import {
  accountIdOfStream,
  type AccountErased,
  type ApiTokenCreated,
  type ApiTokenRevoked,
  type ApiTokenScope,
  type PasswordChanged,
  type SessionsRevoked,
  type SealedPersonalData,
  type SessionEvent,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';

export const SESSIONS_COLLECTION = 'account-sessions';
export const API_TOKENS_COLLECTION = 'api-tokens';

/**
 * A personal API token, by its id (the token carries it): the guard compares the keyed hash of the
 * secret it was sent with `secretHash`. Revoked tokens are deleted; expired ones refused by the guard.
 */
export interface ApiTokenDocument {
  id: string;
  accountId: string;
  sealedName: SealedPersonalData;
  secretHash: string;
  scopes: ApiTokenScope[];
  createdAt: string;
  expiresAt: string;
  [field: string]: unknown;
}

/**
 * A session its owner can see and end in Settings. `sealed` (address and user agent) is opened by
 * the query with the owner's key, so the projection does no I/O and an erased account's sessions
 * read as nothing. Revoked sessions are deleted; expired ones are filtered by the query.
 */
export interface SessionDocument {
  id: string;
  accountId: string;
  sealed: SealedPersonalData;
  rememberMe: boolean;
  startedAt: string;
  expiresAt: string;
  [field: string]: unknown;
}

type SignInEvent = SessionEvent | AccountErased | ApiTokenCreated | ApiTokenRevoked | SessionsRevoked | PasswordChanged;

const HANDLED: SignInEvent['type'][] = [
  'SessionStarted',
  'SessionRevoked',
  'AccountErased',
  'ApiTokenCreated',
  'ApiTokenRevoked',
  // Both move the credential version on: every session started before is dead.
  'SessionsRevoked',
  'PasswordChanged',
];

/** Sessions and personal API tokens as Settings lists them and the guard checks them, per account. */
export const signInProjection: Projection = {
  name: 'sign-in',
  version: 3,
  collections: [SESSIONS_COLLECTION, API_TOKENS_COLLECTION],
  handles: HANDLED,
  indexes: { [SESSIONS_COLLECTION]: [['accountId']], [API_TOKENS_COLLECTION]: [['accountId']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as SignInEvent;
    switch (event.type) {
      case 'SessionStarted': {
        const { sessionId, accountId, sealed, rememberMe, startedAt, expiresAt } = event.data;
        return tx.upsert<SessionDocument>(SESSIONS_COLLECTION, { id: sessionId, accountId, sealed, rememberMe, startedAt, expiresAt });
      }
      case 'SessionRevoked':
        return tx.delete(SESSIONS_COLLECTION, event.data.sessionId);
      case 'ApiTokenCreated': {
        const { tokenId, sealedName, secretHash, scopes, expiresAt, at } = event.data;
        const accountId = accountIdOfStream(recorded.streamName);
        return tx.upsert<ApiTokenDocument>(API_TOKENS_COLLECTION, {
          id: tokenId,
          accountId,
          sealedName,
          secretHash,
          scopes,
          createdAt: at,
          expiresAt,
        });
      }
      case 'ApiTokenRevoked':
        return tx.delete(API_TOKENS_COLLECTION, event.data.tokenId);
      case 'SessionsRevoked':
      case 'PasswordChanged': {
        const accountId = accountIdOfStream(recorded.streamName);
        for (const session of await tx.find(SESSIONS_COLLECTION, { accountId })) await tx.delete(SESSIONS_COLLECTION, session.id);
        return;
      }
      case 'AccountErased': {
        const accountId = accountIdOfStream(recorded.streamName);
        for (const collection of [SESSIONS_COLLECTION, API_TOKENS_COLLECTION])
          for (const document of await tx.find(collection, { accountId })) await tx.delete(collection, document.id);
        return;
      }
    }
  },
};
