import type { Decider } from '../shared/decider';
import { conflict, notFound } from '../shared/errors';
import type { RevokeSession, SessionCommand, StartSession } from './commands';
import type { SessionEvent } from './events';

export const SESSION_NOT_FOUND = 'Session not found.';

export type SessionState =
  | { status: 'none' }
  | { status: 'active'; accountId: string; expiresAt: string }
  | { status: 'revoked'; accountId: string; expiresAt: string };

function start(command: StartSession, state: SessionState): SessionEvent[] {
  if (state.status !== 'none') throw conflict('Session already started.');
  return [
    {
      type: 'SessionStarted',
      data: {
        sessionId: command.sessionId,
        accountId: command.accountId,
        sealed: command.sealed,
        rememberMe: command.rememberMe,
        startedAt: command.now.toISOString(),
        expiresAt: command.expiresAt.toISOString(),
      },
    },
  ];
}

function revoke(command: RevokeSession, state: SessionState): SessionEvent[] {
  if (state.status === 'none' || state.accountId !== command.accountId) throw notFound(SESSION_NOT_FOUND);
  if (state.status === 'revoked') return [];
  return [
    {
      type: 'SessionRevoked',
      data: { sessionId: command.sessionId, accountId: state.accountId, expiresAt: state.expiresAt, at: command.now.toISOString() },
    },
  ];
}

function decide(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession':
      return start(command, state);
    case 'RevokeSession':
      return revoke(command, state);
    default: {
      const _exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

function evolve(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return { status: 'active', accountId: event.data.accountId, expiresAt: event.data.expiresAt };
    case 'SessionRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked' };
  }
}

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide,
};
