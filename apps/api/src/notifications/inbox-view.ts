import type { Notification } from '@app/contracts';
import { slugify } from '@app/contracts';
import { commentStreamName, isCommentVisibleTo, isVisibleTo, POST_KINDS, type Actor } from '@app/domain';
import type { CommentDocument, NotificationDocument, PostViewDocument } from '@app/projections';

export interface Person {
  userName: string;
  name: string;
}

/**
 * The inbox rows as readers may see them now, from the people, posts and comments read once for
 * all of them (see NotificationInbox): the live push presents the new rows and unread counts of
 * every connected reader from one such view.
 */
export class InboxView {
  constructor(
    private readonly people: ReadonlyMap<string, Person>,
    private readonly posts: ReadonlyMap<string, PostViewDocument>,
    private readonly comments: ReadonlyMap<string, CommentDocument>,
    /** Per recipient, the unread rows read for the view. */
    private readonly unread: ReadonlyMap<string, readonly NotificationDocument[]>,
  ) {}

  /** The rows as `reader` may see them now (see NotificationInbox). */
  shown(rows: readonly NotificationDocument[], reader: Actor): Notification[] {
    return rows.flatMap((row) => this.present(row, reader));
  }

  /** How many of `reader`'s unread rows it may see now; the view must have read `reader`'s unread rows. */
  unreadCount(reader: Actor): number {
    return this.shown(this.unread.get(reader.accountId) ?? [], reader).length;
  }

  private present(row: NotificationDocument, reader: Actor): Notification[] {
    const actors = row.actorIds.flatMap((id) => this.people.get(id) ?? []);
    if (actors.length === 0) return [];
    const { target } = row;
    let title = '';
    let url = `/profile/${encodeURIComponent(actors[0].userName)}`;
    if (target.postKind) {
      const post = this.posts.get(POST_KINDS[target.postKind].streamName(target.postId!));
      // Moderation news reaches the author even of a post now hidden from others (they can see it).
      const postVisible = !!post && isVisibleTo(post, reader);
      let visible = postVisible;
      if (visible && (target.entityType === 3 || target.entityType === 4)) {
        const comment = this.comments.get(commentStreamName(target.id));
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
  }
}
