import { Inject, Injectable } from '@nestjs/common';
import { EntityType, type GridPostItem } from '@app/contracts';
import { isVisibleTo, postKindOf, POST_KINDS, type Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { ACCOUNTS_COLLECTION, POST_VIEW_COLLECTION, type PostViewDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { AuthorNames } from './author-names';

export interface PostRef {
  entityType: number;
  postId: number;
}

/** What `PostGridItems.of` reads: the posts, and their authors' names. */
export const GRID_ITEMS_READ_MODELS = [{ collection: POST_VIEW_COLLECTION }, { collection: ACCOUNTS_COLLECTION }];

/**
 * Grid items (SPEC §3) of the posts a list names (reading list, my likes, the Following feed),
 * in the list's order, leaving out those the viewer may not see (deleted, unapproved, drafts of others).
 */
@Injectable()
export class PostGridItems {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  /** Each visible ref with its grid item; refs to hidden or unknown posts are dropped. */
  async of<R extends PostRef>(refs: readonly R[], viewer: Actor | null): Promise<Array<{ ref: R; item: GridPostItem }>> {
    const streamOf = (ref: PostRef) => {
      const kind = postKindOf(ref.entityType);
      return kind ? POST_KINDS[kind].streamName(ref.postId) : null;
    };
    const ids = refs.flatMap((ref) => streamOf(ref) ?? []);
    if (ids.length === 0) return [];
    const posts = await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { id: { $in: ids } });
    const visible = new Map(posts.filter((post) => isVisibleTo(post, viewer)).map((post) => [post.id, post]));
    const authorOf = await this.authorNames.lookup([...visible.values()].map((post) => post.authorId));
    return refs.flatMap((ref) => {
      const post = visible.get(streamOf(ref) ?? '');
      return post ? [{ ref, item: gridItemOf(post, authorOf(post.authorId)) }] : [];
    });
  }
}

function gridItemOf(post: PostViewDocument, author: { uName: string; name: string }): GridPostItem {
  return {
    id: post.postId,
    entityType: post.entityType,
    title: post.title,
    name: author.name,
    uName: author.uName,
    tags: post.tags,
    likes: post.likes,
    isApproved: post.isApproved,
    createdOn: post.createdOn,
    updatedOn: post.updatedOn,
    articleDescription: post.entityType === EntityType.Article ? (post.description ?? null) : null,
  };
}
