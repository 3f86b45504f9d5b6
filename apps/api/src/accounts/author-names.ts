import { Inject, Injectable } from '@nestjs/common';
import type { ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, ERASED_USER_NAME, type AccountDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

/**
 * Display names of authors, joined at read time from the accounts read model, so a renamed or
 * erased user shows their current name everywhere without rebuilding other read models.
 */
@Injectable()
export class AuthorNames {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async lookup(userNames: Iterable<string>): Promise<(userName: string) => string> {
    const unique = [...new Set(userNames)];
    const accounts = unique.length ? await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, { id: { $in: unique } }) : [];
    const names = new Map(accounts.map((account) => [account.userName, account.name]));
    return (userName) => names.get(userName) ?? ERASED_USER_NAME;
  }

  /** Adds `name` (the author's display name) to items that carry the author as `uName`. */
  async withNames<T extends { uName: string }>(items: T[]): Promise<(T & { name: string })[]> {
    const nameOf = await this.lookup(items.map((item) => item.uName));
    return items.map((item) => ({ ...item, name: nameOf(item.uName) }));
  }
}
