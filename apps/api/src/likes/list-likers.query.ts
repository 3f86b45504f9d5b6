import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { LikedUser } from '@app/contracts';
import { LIKE_TARGETS, notFound, type Actor, type LikeTarget } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { LIKES_COLLECTION, PROFILES_COLLECTION, type LikeDocument, type ProfileDocument } from '@app/projections';
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
    const accountIds = likes.map((like) => like.accountId);
    const [nameOf, profiles] = await Promise.all([
      this.authorNames.lookup(accountIds),
      accountIds.length ? this.readStore.find<ProfileDocument>(PROFILES_COLLECTION, { id: { $in: accountIds } }) : Promise.resolve([]),
    ]);
    const pictures = new Map(profiles.map((profile) => [profile.id, profile.profilePic ?? '']));
    return likes.map(({ accountId }) => {
      const { name, uName } = nameOf(accountId);
      // An erased liker keeps counting but shows as 'Deleted user' without a picture.
      return { name, uName, profilePic: uName ? (pictures.get(accountId) ?? '') : '' };
    });
  }
}
