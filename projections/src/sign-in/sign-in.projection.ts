import { accountIdOfStream, type AccountErased, type SealedPersonalData, type SessionEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';

export const SESSIONS_COLLECTION = 'account-sessions';

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

type SignInEvent = SessionEvent | AccountErased;

const HANDLED: SignInEvent['type'][] = ['SessionStarted', 'SessionRevoked', 'AccountErased'];

/** Sessions (and, later, the other ways to sign in) as Settings lists them, per account. */
export const signInProjection: Projection = {
  name: 'sign-in',
  version: 1,
  collections: [SESSIONS_COLLECTION],
  handles: HANDLED,
  indexes: { [SESSIONS_COLLECTION]: [['accountId']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const event = { type: recorded.type, data: recorded.data } as SignInEvent;
    switch (event.type) {
      case 'SessionStarted': {
        const { sessionId, accountId, sealed, rememberMe, startedAt, expiresAt } = event.data;
        return tx.upsert<SessionDocument>(SESSIONS_COLLECTION, { id: sessionId, accountId, sealed, rememberMe, startedAt, expiresAt });
      }
      case 'SessionRevoked':
        return tx.delete(SESSIONS_COLLECTION, event.data.sessionId);
      case 'AccountErased': {
        const accountId = accountIdOfStream(recorded.streamName);
        for (const session of await tx.find<SessionDocument>(SESSIONS_COLLECTION, { accountId }))
          await tx.delete(SESSIONS_COLLECTION, session.id);
        return;
      }
    }
  },
};
