import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminUserRow } from '@app/contracts';
import { activeSuspension } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, type AccountDocument } from '@app/projections';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';

export const ADMIN_USERS_PAGE = 20;

/** The Admin Panel's Users card: people by user name, those starting with `startsWith`, after `after` (keyset paging). */
export class ListUsersQuery extends Query<AdminUserRow[]> {
  constructor(
    readonly startsWith: string,
    readonly after: string,
  ) {
    super();
  }
}

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, AdminUserRow[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ startsWith, after }: ListUsersQuery): Promise<AdminUserRow[]> {
    const end = `${startsWith}\uffff`;
    const range = after > startsWith ? { $gt: after, $lt: end } : { $gte: startsWith, $lt: end };
    const accounts = await this.readStore.find<AccountDocument>(
      ACCOUNTS_COLLECTION,
      { userName: range },
      { sort: [['userName', 1]], limit: ADMIN_USERS_PAGE },
    );
    const now = this.clock();
    return accounts.map((account) => ({
      userName: account.userName ?? '',
      name: account.name,
      roleId: account.roleId,
      emailConfirmed: account.emailConfirmed,
      suspension: activeSuspension({ suspension: account.suspension ?? null }, now),
    }));
  }
}
