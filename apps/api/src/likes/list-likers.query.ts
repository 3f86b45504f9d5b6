import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { LikedUser } from '@app/contracts';
import { LIKE_TARGETS, notFound, type Actor, type LikeTarget } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { LIKES_COLLECTION, type LikeDocument } from '@app/projections';
import { AuthorNames } from '../shared/author-names';
import { READ_STORE } from '../infrastructure/tokens';
import { VisiblePosts } from '../shared/visible-post';

/** SPEC §2 likes modal: who likes the item, newest like first, with name, handle and picture. */
export class ListLikersQuery extends Query<LikedUser[]> {
  constructor(
    readonly target: LikeTarget,
    readonly id: number,
    readonly viewer: Actor | null,
  ) {
    super();
  }
}

@QueryHandler(ListLikersQuery)
export class ListLikersHandler implements IQueryHandler<ListLikersQuery, LikedUser[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly visible: VisiblePosts,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute({ target, id, viewer }: ListLikersQuery): Promise<LikedUser[]> {
    const { entityType, notFound: notFoundMessage } = LIKE_TARGETS[target];
    if (!(await this.visible.isLikeTargetVisible(target, id, viewer))) throw notFound(notFoundMessage);
    const likes = await this.readStore.find<LikeDocument>(LIKES_COLLECTION, { entityType, targetId: id }, { sort: [['position', -1]] });
    const likerOf = await this.authorNames.withPictures(likes.map((like) => like.accountId));
    return likes.map(({ accountId }) => {
      const { name, uName, profilePic } = likerOf(accountId);
      return { name, uName, profilePic };
    });
  }
}
