import { z } from 'zod';

/** One of the caller's active sessions, as Settings lists it (`GET /api/Account/Sessions`). */
export interface ActiveSession {
  id: string;
  /** 'Linux (desktop)', 'iOS 17 (mobile)': from the user agent of the login. */
  device: string;
  /** 'Chrome 120'. */
  browser: string;
  /** The client address the session was started from. */
  address: string;
  /** ISO 8601. */
  startedAt: string;
  /** ISO 8601: the last request seen with it (recorded at most once a minute), or its start. */
  lastSeenAt: string;
  /** ISO 8601: when it ends, however often it is used. */
  expiresAt: string;
  /** The session of this very request ('this device'). */
  current: boolean;
}

/** A session or API token id in a path: a UUID. */
export const credentialIdSchema = z.string().uuid({ message: '- id is not valid.' });
