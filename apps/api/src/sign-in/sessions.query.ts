import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ActiveSession } from '@app/contracts';
import type { SessionPersonalData } from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import { describeClient, SESSIONS_COLLECTION, type SessionDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { SessionActivity } from '../auth/session-activity';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';

export class ListSessionsQuery extends Query<ActiveSession[]> {
  constructor(
    readonly accountId: string,
    /** The session of the request, marked `current`. */
    readonly currentSessionId: string | null,
  ) {
    super();
  }
}

/** The caller's sessions that have not ended, newest first, with address and browser opened with their key. */
@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery, ActiveSession[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly vault: PersonalDataVault,
    private readonly activity: SessionActivity,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, currentSessionId }: ListSessionsQuery): Promise<ActiveSession[]> {
    const now = this.clock().toISOString();
    const documents = (await this.readStore.find<SessionDocument>(SESSIONS_COLLECTION, { accountId })).filter(
      (session) => session.expiresAt > now,
    );
    const lastSeen = await this.activity.lastSeen(documents.map((session) => session.id));
    const sessions = await Promise.all(
      documents.map(async (session): Promise<ActiveSession | null> => {
        const personal = await this.vault.open<SessionPersonalData>(accountId, session.sealed);
        if (!personal) return null;
        return {
          id: session.id,
          ...describeClient(personal.userAgent),
          address: personal.address,
          startedAt: session.startedAt,
          lastSeenAt: lastSeen.get(session.id) ?? session.startedAt,
          expiresAt: session.expiresAt,
          current: session.id === currentSessionId,
        };
      }),
    );
    return sessions.filter((session) => session !== null).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }
}
