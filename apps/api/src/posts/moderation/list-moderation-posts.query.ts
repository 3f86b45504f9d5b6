import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityType, type GridPostItem } from '@app/contracts';
import type { PostEntityType } from '@app/domain';
import type { Filter, ReadStore } from '@app/read-store';
import { POST_VIEW_COLLECTION, type PostViewDocument } from '@app/projections';
import { AuthorNames } from '../../accounts/author-names';
import { READ_STORE } from '../../infrastructure/tokens';

/** SPEC §3 grid post item plus whether an article is published (questions always are). */
export interface ModerationPostItem extends GridPostItem {
  isPublished: boolean;
}

/** 1 articles, 2 questions, 100 both (SPEC §3 entity types). */
export type ModerationPostsEntityType = PostEntityType | typeof EntityType.ArticleQuestion;

/**
 * The Admin Panel's post list: every post that is not deleted (drafts and unapproved ones
 * included), newest first, a page at a time below `lastFetchedId` (keyset paging on the
 * time-ordered post ids).
 */
export class ListModerationPostsQuery extends Query<ModerationPostItem[]> {
  constructor(
    readonly entityType: ModerationPostsEntityType,
    readonly lastFetchedId: number | undefined,
    readonly pageSize: number,
  ) {
    super();
  }
}

@QueryHandler(ListModerationPostsQuery)
export class ListModerationPostsHandler implements IQueryHandler<ListModerationPostsQuery, ModerationPostItem[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute({ entityType, lastFetchedId, pageSize }: ListModerationPostsQuery): Promise<ModerationPostItem[]> {
    const filter: Filter = { deleted: false };
    if (entityType !== EntityType.ArticleQuestion) filter.entityType = entityType;
    if (lastFetchedId !== undefined) filter.postId = { $lt: lastFetchedId };
    const posts = await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, filter, { sort: [['postId', -1]], limit: pageSize });
    return this.authorNames.withNames(posts.map(toModerationItem));
  }
}

function toModerationItem(post: PostViewDocument): Omit<ModerationPostItem, 'name' | 'uName'> & { authorId: string } {
  const isArticle = post.entityType === EntityType.Article;
  return {
    id: post.postId,
    entityType: post.entityType,
    title: post.title,
    authorId: post.authorId,
    tags: post.tags,
    likes: post.likes,
    isApproved: post.isApproved,
    isPublished: post.isPublished,
    createdOn: post.createdOn,
    updatedOn: post.updatedOn,
    articleDescription: isArticle ? post.description : null,
  };
}
