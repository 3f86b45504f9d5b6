import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { slugify, type FlaggedItem, type FlagQueueStatus, type FlagReason } from '@app/contracts';
import { commentStreamName, likeTargetOf, LIKE_TARGETS, POST_KINDS } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import {
  COMMENTS_COLLECTION,
  FLAG_QUEUE_COLLECTION,
  plainTextOf,
  POST_VIEW_COLLECTION,
  type CommentDocument,
  type FlagQueueDocument,
  type PostViewDocument,
} from '@app/projections';
import { AuthorNames } from '../shared/author-names';
import { READ_STORE } from '../infrastructure/tokens';

/** The queue shows this many items, latest first (the review queue is worked from the top). */
export const FLAG_QUEUE_LIMIT = 100;
const EXCERPT_LENGTH = 200;

/** GET /api/Moderation/Flags?status=open|resolved (admin): the review queue from the flag-queue read model. */
export class ListFlagsQuery extends Query<FlaggedItem[]> {
  constructor(readonly status: FlagQueueStatus) {
    super();
  }
}

@QueryHandler(ListFlagsQuery)
export class ListFlagsHandler implements IQueryHandler<ListFlagsQuery, FlaggedItem[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute({ status }: ListFlagsQuery): Promise<FlaggedItem[]> {
    const rows = await this.readStore.find<FlagQueueDocument>(
      FLAG_QUEUE_COLLECTION,
      { status },
      { sort: [['position', -1]], limit: FLAG_QUEUE_LIMIT },
    );
    const commentIds = rows.filter((row) => row.entityType > 2).map((row) => commentStreamName(row.itemId));
    const comments = new Map(
      (commentIds.length ? await this.readStore.find<CommentDocument>(COMMENTS_COLLECTION, { id: { $in: commentIds } }) : []).map(
        (comment) => [comment.commentId, comment],
      ),
    );
    const postOf = (row: FlagQueueDocument) => {
      const target = LIKE_TARGETS[likeTargetOf(row.entityType)!];
      const postId = target.isComment ? comments.get(row.itemId)?.postId : row.itemId;
      return postId === undefined ? null : { kind: target.postKind, postId };
    };
    const postIds = rows.flatMap((row) => {
      const post = postOf(row);
      return post ? [POST_KINDS[post.kind].streamName(post.postId)] : [];
    });
    const posts = new Map(
      (postIds.length ? await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { id: { $in: postIds } }) : []).map((post) => [
        post.id,
        post,
      ]),
    );
    const people = await this.authorNames.actors(
      rows.flatMap((row) => [...row.flags.map((flag) => flag.flaggerId), row.resolution?.by ?? 'system']),
    );
    return rows.map((row): FlaggedItem => {
      const where = postOf(row);
      const post = where ? posts.get(POST_KINDS[where.kind].streamName(where.postId)) : undefined;
      const comment = row.entityType > 2 ? comments.get(row.itemId) : undefined;
      const title = post?.title ?? '';
      const postUrl = where && post ? `/${where.kind}/${where.postId}/${slugify(title)}` : '';
      const reasons: Partial<Record<FlagReason, number>> = {};
      for (const flag of row.flags) reasons[flag.reason] = (reasons[flag.reason] ?? 0) + 1;
      const by = row.resolution ? people(row.resolution.by) : null;
      return {
        entityType: row.entityType,
        id: row.itemId,
        postId: where?.postId ?? 0,
        title,
        excerpt: (comment ? plainTextOf(comment.content) : title).slice(0, EXCERPT_LENGTH),
        url: postUrl && comment ? `${postUrl}#comment-${row.itemId}` : postUrl,
        status: row.status,
        isHidden: row.isHidden,
        count: row.flags.length,
        reasons,
        flags: row.flags.map((flag) => ({
          userName: people(flag.flaggerId).handle,
          name: people(flag.flaggerId).name,
          reason: flag.reason,
          note: flag.note,
          at: flag.at,
          counts: flag.counts,
        })),
        lastFlaggedAt: row.lastFlaggedAt,
        resolution: row.resolution && by ? { ...row.resolution, by: by.handle, byName: by.name } : null,
      };
    });
  }
}
