import type { SealedPersonalData } from '../account/sealed-personal-data';

export interface StartSession {
  type: 'StartSession';
  sessionId: string;
  accountId: string;
  sealed: SealedPersonalData;
  rememberMe: boolean;
  now: Date;
  expiresAt: Date;
}

/** `accountId` is the caller's: only the owner ends a session (another's answers as unknown). */
export interface RevokeSession {
  type: 'RevokeSession';
  sessionId: string;
  accountId: string;
  now: Date;
}

export type SessionCommand = StartSession | RevokeSession;
