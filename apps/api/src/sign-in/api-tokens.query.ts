import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ApiTokenSummary } from '@app/contracts';
import { PersonalDataVault } from '@app/personal-data';
import { API_TOKENS_COLLECTION, type ApiTokenDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { SessionActivity } from '../auth/session-activity';
import { READ_STORE } from '../infrastructure/tokens';

export class ListApiTokensQuery extends Query<ApiTokenSummary[]> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** The caller's tokens not revoked (expired ones too, marked by their date), newest first; never a secret. */
@QueryHandler(ListApiTokensQuery)
export class ListApiTokensHandler implements IQueryHandler<ListApiTokensQuery, ApiTokenSummary[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly vault: PersonalDataVault,
    private readonly activity: SessionActivity,
  ) {}

  async execute({ accountId }: ListApiTokensQuery): Promise<ApiTokenSummary[]> {
    const documents = await this.readStore.find<ApiTokenDocument>(API_TOKENS_COLLECTION, { accountId });
    const lastUsed = await this.activity.lastSeen(documents.map((token) => token.id));
    const tokens = await Promise.all(
      documents.map(async (token): Promise<ApiTokenSummary> => {
        const opened = await this.vault.open<{ name: string }>(accountId, token.sealedName);
        return {
          id: token.id,
          name: opened?.name ?? '',
          scopes: token.scopes,
          createdAt: token.createdAt,
          expiresAt: token.expiresAt,
          lastUsedAt: lastUsed.get(token.id) ?? null,
        };
      }),
    );
    return tokens.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
}
