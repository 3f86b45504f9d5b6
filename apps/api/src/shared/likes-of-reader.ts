import { Inject, Injectable } from '@nestjs/common';
import { LIKE_TARGETS, likeStreamName, type Actor, type LikeTarget } from '@app/domain';
import { CollectionCache, type ReadStore } from '@app/read-store';
import { LIKES_COLLECTION, type LikeDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

/** What the logged-in reader likes, from the likes read model, so like buttons show the truth. */
@Injectable()
export class LikesOfReader {
  /** A reader reading a post again asks again: kept until the next like or unlike anywhere. */
  private readonly likesKept: CollectionCache<LikeDocument>;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {
    this.likesKept = new CollectionCache(readStore, LIKES_COLLECTION);
  }

  async likes(viewer: Actor | null, target: LikeTarget, id: number): Promise<boolean> {
    if (!viewer) return false;
    return (await this.likesKept.get(likeStreamName(LIKE_TARGETS[target].entityType, id, viewer.accountId))) !== null;
  }

  /** The ids among `ids` the viewer likes (empty for anonymous readers). */
  async likedBy(viewer: Actor | null, target: LikeTarget, ids: readonly number[]): Promise<Set<number>> {
    if (!viewer || ids.length === 0) return new Set();
    const likes = await this.readStore.find<LikeDocument>(LIKES_COLLECTION, {
      accountId: viewer.accountId,
      entityType: LIKE_TARGETS[target].entityType,
      targetId: { $in: [...ids] },
    });
    return new Set(likes.map((like) => like.targetId));
  }
}
