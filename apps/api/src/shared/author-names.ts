import { Inject, Injectable } from '@nestjs/common';
import type { ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, ERASED_USER_NAME, PROFILES_COLLECTION, type AccountDocument, type ProfileDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

/** How an author shows: their handle and display name. */
export interface AuthorName {
  /** Empty once the account is erased: the old handle is personal data, and there is no profile to link to. */
  uName: string;
  name: string;
}

const ERASED_AUTHOR: AuthorName = { uName: '', name: ERASED_USER_NAME };

/**
 * Authors' handles and display names, joined by account id at read time from the accounts read
 * model: other read models store only the opaque id, so a renamed or erased user shows their
 * current name everywhere without rebuilding anything.
 */
@Injectable()
export class AuthorNames {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async lookup(accountIds: Iterable<string>): Promise<(accountId: string) => AuthorName> {
    const unique = [...new Set(accountIds)];
    const accounts = unique.length ? await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, { id: { $in: unique } }) : [];
    const authors = new Map(
      accounts.map((account): [string, AuthorName] => [account.id, { uName: account.userName ?? '', name: account.name }]),
    );
    return (accountId) => authors.get(accountId) ?? ERASED_AUTHOR;
  }

  /** Names with profile pictures (a comment's author, the likers modal); an erased user shows as 'Deleted user' without a picture. */
  async withPictures(accountIds: Iterable<string>): Promise<(accountId: string) => AuthorName & { profilePic: string }> {
    const unique = [...new Set(accountIds)];
    const [nameOf, profiles] = await Promise.all([
      this.lookup(unique),
      unique.length ? this.readStore.find<ProfileDocument>(PROFILES_COLLECTION, { id: { $in: unique } }) : Promise.resolve([]),
    ]);
    const pictures = new Map(profiles.map((profile) => [profile.id, profile.profilePic ?? '']));
    return (accountId) => {
      const name = nameOf(accountId);
      return { ...name, profilePic: name.uName ? (pictures.get(accountId) ?? '') : '' };
    };
  }

  /**
   * Event-metadata actors as the Admin Panel shows them: an account id becomes that user's
   * current handle ('Deleted user' once erased); `system` and `operator` stay as they are.
   */
  async actorNames(actors: Iterable<string>): Promise<(actor: string) => string> {
    const actorOf = await this.actors(actors);
    return (actor) => actorOf(actor).handle || ERASED_USER_NAME;
  }

  /**
   * Actors with their display name too (the Admin Panel's feed names people and links their
   * handle); an erased user has no handle, as in `lookup`.
   */
  async actors(actors: Iterable<string>): Promise<(actor: string) => { handle: string; name: string }> {
    const unique = [...new Set(actors)];
    const accounts = unique.length ? await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, { id: { $in: unique } }) : [];
    const known = new Map(
      accounts.map((account) => [account.id, { handle: account.userName ?? '', name: account.userName ? account.name : ERASED_USER_NAME }]),
    );
    return (actor) => known.get(actor) ?? { handle: actor, name: actor };
  }

  /** Replaces the author's account id (`authorId`) with their handle (`uName`) and display name (`name`). */
  async withNames<T extends { authorId: string }>(items: T[]): Promise<(Omit<T, 'authorId'> & AuthorName)[]> {
    const authorOf = await this.lookup(items.map((item) => item.authorId));
    return items.map(({ authorId, ...item }) => ({ ...item, ...authorOf(authorId) }));
  }
}
