import { Inject, Injectable } from '@nestjs/common';
import { isVisibleTo, postKindOf, type PostKind } from '@app/domain';
import { POST_VIEW_COLLECTION, type PostViewDocument } from '@app/projections';
import type { Filter, FindOptions, ReadStore } from '@app/read-store';
import { READ_STORE } from '../infrastructure/tokens';

/** What anyone may read, logged in or not: published, approved and not deleted (the domain's visibility for no viewer). */
const PUBLIC: Filter = { isPublished: true, isApproved: true, deleted: false };

/**
 * The posts crawlers, link previews, the sitemap and the feeds may show, read from the post-view
 * read model only (never the event store).
 */
@Injectable()
export class PublicPosts {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** The post if anyone may read it; null for an unknown, draft, unapproved or deleted one. */
  async get(kind: PostKind, streamName: string): Promise<PostViewDocument | null> {
    const post = await this.readStore.get<PostViewDocument>(POST_VIEW_COLLECTION, streamName);
    if (!post || postKindOf(post.entityType) !== kind || !isVisibleTo(post, null)) return null;
    return post;
  }

  count(filter: Filter = {}): Promise<number> {
    return this.readStore.count(POST_VIEW_COLLECTION, { ...filter, ...PUBLIC });
  }

  find(filter: Filter, options: FindOptions): Promise<PostViewDocument[]> {
    return this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { ...filter, ...PUBLIC }, options);
  }

  /** The newest public posts (by creation), optionally of one author. */
  latest(limit: number, filter: Filter = {}): Promise<PostViewDocument[]> {
    return this.find(filter, {
      sort: [
        ['createdOn', -1],
        ['id', 1],
      ],
      limit,
    });
  }

  /** These public posts, in the order of `streamNames` (hidden or unknown ones left out). */
  async inOrder(streamNames: string[]): Promise<PostViewDocument[]> {
    if (streamNames.length === 0) return [];
    const posts = await this.find({ id: { $in: streamNames } }, {});
    const byId = new Map(posts.map((post) => [post.id, post]));
    return streamNames.flatMap((id) => byId.get(id) ?? []);
  }
}

/** The time readers could first see a post (older documents lack `publishedOn` until their rebuild). */
export const publishedOn = (post: PostViewDocument): string => post.publishedOn ?? post.createdOn;

/** The last change of a post. */
export const modifiedOn = (post: PostViewDocument): string => post.updatedOn ?? publishedOn(post);
