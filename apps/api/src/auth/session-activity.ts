import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ReadStore } from '@app/read-store';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';

export const SESSION_ACTIVITY_COLLECTION = 'session-activity';

export interface SessionActivityDocument {
  id: string;
  lastSeenAt: string;
  [field: string]: unknown;
}

/** How often one process records that a session was used: 'last seen' to the minute is plenty. */
const RECORD_EVERY_MS = 60_000;
const SESSIONS_REMEMBERED = 10_000;

/**
 * 'Last seen' of each session, for Settings. Not an event (a request is not a fact worth keeping
 * forever): a small document of the read store per session, written at most once a minute per
 * process, after the request and without waiting for it. A lost write only makes 'last seen' older.
 */
@Injectable()
export class SessionActivity {
  private readonly logger = new Logger('SessionActivity');
  private readonly lastRecorded = new Map<string, number>();

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  seen(sessionId: string): void {
    const now = this.clock().getTime();
    const last = this.lastRecorded.get(sessionId);
    if (last !== undefined && now - last < RECORD_EVERY_MS) return;
    if (this.lastRecorded.size >= SESSIONS_REMEMBERED) this.lastRecorded.clear();
    this.lastRecorded.set(sessionId, now);
    const lastSeenAt = new Date(now).toISOString();
    this.readStore
      .transaction((tx) => tx.upsert<SessionActivityDocument>(SESSION_ACTIVITY_COLLECTION, { id: sessionId, lastSeenAt }))
      .catch((error: unknown) => this.logger.warn(`Could not record that a session was used: ${String(error)}`));
  }

  async lastSeen(sessionIds: readonly string[]): Promise<Map<string, string>> {
    const documents = await Promise.all(
      sessionIds.map((id) => this.readStore.get<SessionActivityDocument>(SESSION_ACTIVITY_COLLECTION, id)),
    );
    return new Map(documents.filter((document) => document !== null).map((document) => [document.id, document.lastSeenAt]));
  }
}
