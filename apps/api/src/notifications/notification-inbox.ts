import { Inject, Injectable } from '@nestjs/common';
import type { KeysetPageQuery, Notification } from '@app/contracts';
import { slugify } from '@app/contracts';
import { commentStreamName, isCommentVisibleTo, isVisibleTo, POST_KINDS, type Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import {
  ACCOUNTS_COLLECTION,
  COMMENTS_COLLECTION,
  NOTIFICATIONS_COLLECTION,
  POST_VIEW_COLLECTION,
  type AccountDocument,
  type CommentDocument,
  type NotificationDocument,
  type PostViewDocument,
} from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { newestFirst } from '../shared/keyset-page';

/**
 * The inbox as a reader sees it now: actors' names joined from the accounts read model (an erased
 * person is left out, and a row with no one left is not shown), rows about a post or comment the
 * reader can no longer see left out, titles and links from the post as it is now.
 */
@Injectable()
export class NotificationInbox {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async page(reader: Actor, page: KeysetPageQuery): Promise<Notification[]> {
    const { before, options } = newestFirst('seq', page);
    const rows = await this.readStore.find<NotificationDocument>(
      NOTIFICATIONS_COLLECTION,
      { recipientId: reader.accountId, ...before },
      options,
    );
    return this.shown(rows, reader);
  }

  async unreadCount(reader: Actor): Promise<number> {
    const rows = await this.readStore.find<NotificationDocument>(NOTIFICATIONS_COLLECTION, {
      recipientId: reader.accountId,
      isRead: false,
    });
    return (await this.shown(rows, reader)).length;
  }

  /** The rows as `reader` may see them now (see the class comment). */
  async shown(rows: NotificationDocument[], reader: Actor): Promise<Notification[]> {
    const accounts = await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, {
      id: { $in: [...new Set(rows.flatMap((row) => row.actorIds))] },
    });
    const people = new Map(
      accounts.flatMap((account) => (account.userName ? [[account.id, { userName: account.userName, name: account.name }] as const] : [])),
    );
    const postIds = [
      ...new Set(rows.flatMap((row) => (row.target.postKind ? [POST_KINDS[row.target.postKind].streamName(row.target.postId!)] : []))),
    ];
    const posts = new Map(
      (await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { id: { $in: postIds } })).map((post) => [post.id, post]),
    );
    const commentIds = rows
      .filter((row) => row.target.entityType === 3 || row.target.entityType === 4)
      .map((row) => commentStreamName(row.target.id));
    const comments = new Map(
      (await this.readStore.find<CommentDocument>(COMMENTS_COLLECTION, { id: { $in: commentIds } })).map((comment) => [
        comment.id,
        comment,
      ]),
    );
    return rows.flatMap((row): Notification[] => {
      const actors = row.actorIds.flatMap((id) => people.get(id) ?? []);
      if (actors.length === 0) return [];
      const { target } = row;
      let title = '';
      let url = `/profile/${encodeURIComponent(actors[0].userName)}`;
      if (target.postKind) {
        const post = posts.get(POST_KINDS[target.postKind].streamName(target.postId!));
        // Moderation news reaches the author even of a post now hidden from others (they can see it).
        const postVisible = !!post && isVisibleTo(post, reader);
        let visible = postVisible;
        if (visible && (target.entityType === 3 || target.entityType === 4)) {
          const comment = comments.get(commentStreamName(target.id));
          visible = !!comment && isCommentVisibleTo(comment, reader);
        }
        // A flagger hears the outcome even when it hid or deleted the item: named by its post while that shows.
        if (!visible && row.kind !== 'flag-resolved') return [];
        if (postVisible && post) {
          title = post.title;
          url = `/${target.postKind}/${post.postId}/${slugify(post.title)}`;
        } else url = '';
      }
      return [
        {
          id: row.id,
          seq: row.seq,
          kind: row.kind,
          actors,
          count:
            row.kind === 'like' && row.count ? Math.max(row.count - (row.actorIds.length - actors.length), actors.length) : actors.length,
          target: { entityType: target.entityType, id: target.id, title, url },
          createdOn: row.createdOn,
          isRead: row.isRead,
          ...(row.kind === 'flag-resolved' && typeof row.outcome === 'string' ? { outcome: row.outcome as Notification['outcome'] } : {}),
        },
      ];
    });
  }
}
