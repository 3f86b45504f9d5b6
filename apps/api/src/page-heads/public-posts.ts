import { Inject, Injectable } from '@nestjs/common';
import { isVisibleTo, postKindOf, type PostKind } from '@app/domain';
import { POST_VIEW_COLLECTION, type PostViewDocument } from '@app/projections';
import type { Filter, FindOptions, ReadStore } from '@app/read-store';
import { READ_STORE } from '../infrastructure/tokens';

/** What anyone may read, logged in or not: published, approved and not deleted (the domain's visibility for no viewer). */
const PUBLIC: Filter = { isPublished: true, isApproved: true, deleted: false };

/** How many post views one read fetches when a filter the read store cannot express (a tag) is applied in memory. */
const SCAN_PAGE = 500;

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

  /** The newest public posts carrying a tag: tags are a list, which read-store filters do not reach, so pages are scanned. */
  async latestTagged(subTag: string, limit: number): Promise<PostViewDocument[]> {
    const found: PostViewDocument[] = [];
    for (let skip = 0; found.length < limit; skip += SCAN_PAGE) {
      const page = await this.find(
        {},
        {
          sort: [
            ['createdOn', -1],
            ['id', 1],
          ],
          limit: SCAN_PAGE,
          skip,
        },
      );
      found.push(...page.filter((post) => post.tags.some((tag) => tag.subTag === subTag)));
      if (page.length < SCAN_PAGE) break;
    }
    return found.slice(0, limit);
  }
}

/** The time readers could first see a post (older documents lack `publishedOn` until their rebuild). */
export const publishedOn = (post: PostViewDocument): string => post.publishedOn ?? post.createdOn;

/** The last change of a post. */
export const modifiedOn = (post: PostViewDocument): string => post.updatedOn ?? publishedOn(post);
