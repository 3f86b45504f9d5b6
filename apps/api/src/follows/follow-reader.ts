import { Inject, Injectable } from '@nestjs/common';
import type { FollowedTag, FollowedUser, KeysetPageQuery, TagInfo } from '@app/contracts';
import { findTag, notFound } from '@app/domain';
import type { Filter, ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, FEED_COLLECTION, FOLLOWS_COLLECTION, type AccountDocument, type FollowDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { newestFirst } from '../shared/keyset-page';
import { ProfileReader } from '../profiles/profile-reader';
import { FollowCounts } from '../shared/follow-counts';

export const TAG_NOT_FOUND = 'Tag not found.';

/** Followers, followings and followed tags, newest first, keyset-paged by the follow's `seq`. */
@Injectable()
export class FollowReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly profiles: ProfileReader,
    private readonly counts: FollowCounts,
  ) {}

  private page(filter: Filter, page: KeysetPageQuery): Promise<FollowDocument[]> {
    const { before, options } = newestFirst('seq', page);
    return this.readStore.find<FollowDocument>(FOLLOWS_COLLECTION, { ...filter, ...before }, options);
  }

  async followers(userName: string, page: KeysetPageQuery): Promise<FollowedUser[]> {
    const account = await this.profiles.accountOf(userName);
    const follows = await this.page({ target: `user:${account.id}` }, page);
    return this.people(follows, (follow) => follow.followerId);
  }

  async following(userName: string, page: KeysetPageQuery): Promise<FollowedUser[]> {
    const account = await this.profiles.accountOf(userName);
    const follows = await this.page({ followerId: account.id, targetType: 'user' }, page);
    return this.people(follows, (follow) => follow.targetId);
  }

  async tagsOf(accountId: string): Promise<FollowedTag[]> {
    const follows = await this.readStore.find<FollowDocument>(
      FOLLOWS_COLLECTION,
      { followerId: accountId, targetType: 'tag' },
      { sort: [['seq', -1]] },
    );
    return follows.flatMap((follow) => {
      const tag = findTag(Number(follow.targetId));
      return tag ? [{ id: tag.id, subTag: tag.subTag, followedOn: follow.at }] : [];
    });
  }

  /** `posts`: the visible posts carrying the tag (the feed read model files each post under its tags). */
  async tagInfo(tagId: number, readerAccountId: string | null): Promise<TagInfo> {
    const tag = findTag(tagId);
    if (!tag) throw notFound(TAG_NOT_FOUND);
    const target = { kind: 'tag', tagId } as const;
    const [count, followers, isFollowedByMe] = await Promise.all([
      this.readStore.count(FEED_COLLECTION, { target: `tag:${tagId}`, visible: true }),
      this.counts.followers(target),
      this.counts.isFollowing(readerAccountId, target),
    ]);
    return { id: tag.id, subTag: tag.subTag, posts: count, followers, isFollowedByMe };
  }

  /** Names from the accounts read model at read time: an erased person (no user name) is left out. */
  private async people(follows: FollowDocument[], accountIdOf: (follow: FollowDocument) => string): Promise<FollowedUser[]> {
    const accounts = await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, { id: { $in: follows.map(accountIdOf) } });
    const byId = new Map(accounts.map((account) => [account.id, account]));
    return follows.flatMap((follow) => {
      const account = byId.get(accountIdOf(follow));
      return account?.userName ? [{ id: follow.seq, userName: account.userName, name: account.name, followedOn: follow.at }] : [];
    });
  }
}
