import type { DomainEvent } from '../shared/decider';
import type { SealedPersonalData } from '../account/sealed-personal-data';

/**
 * What a session shows its owner in Settings: where it was started from. Personal data (an address
 * says where someone is), so it is sealed with the account's key and shredded with it.
 */
export interface SessionPersonalData {
  address: string;
  userAgent: string;
}

/**
 * A login (or signup) started a session; its token carries `sessionId` (the `sid` claim).
 * `expiresAt` is the session's absolute end (30 days with Remember me, else 1 day), after which no
 * renewal keeps it alive.
 */
export type SessionStarted = DomainEvent<
  'SessionStarted',
  { sessionId: string; accountId: string; sealed: SealedPersonalData; rememberMe: boolean; startedAt: string; expiresAt: string }
>;
/** The owner ended the session from Settings: its token is refused from the next request, on every API process. */
export type SessionRevoked = DomainEvent<'SessionRevoked', { sessionId: string; accountId: string; expiresAt: string; at: string }>;

export type SessionEvent = SessionStarted | SessionRevoked;

export const SESSION_STREAM_PREFIX = 'session-';
/** One stream per session: logins never contend with each other or with the account's stream. */
export const sessionStreamName = (sessionId: string) => `${SESSION_STREAM_PREFIX}${sessionId}`;
