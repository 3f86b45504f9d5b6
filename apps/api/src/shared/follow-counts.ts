import { Inject, Injectable } from '@nestjs/common';
import { followStreamName, followTargetKey, type FollowTarget } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { FOLLOWS_COLLECTION } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

/** Follower and following counts and whether a reader follows, from the follows read model (profiles, tags, follows). */
@Injectable()
export class FollowCounts {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  followers(target: FollowTarget): Promise<number> {
    return this.readStore.count(FOLLOWS_COLLECTION, { target: followTargetKey(target) });
  }

  /** How many people the account follows (tags not counted). */
  following(accountId: string): Promise<number> {
    return this.readStore.count(FOLLOWS_COLLECTION, { followerId: accountId, targetType: 'user' });
  }

  async isFollowing(readerAccountId: string | null, target: FollowTarget): Promise<boolean> {
    if (!readerAccountId) return false;
    return (await this.readStore.get(FOLLOWS_COLLECTION, followStreamName(target, readerAccountId))) !== null;
  }
}
