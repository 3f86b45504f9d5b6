import { Inject, Injectable } from '@nestjs/common';
import type { KeysetPageQuery, Notification } from '@app/contracts';
import { commentStreamName, POST_KINDS, type Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import {
  ACCOUNTS_COLLECTION,
  COMMENTS_COLLECTION,
  FOLLOWS_COLLECTION,
  NOTIFICATION_READS_COLLECTION,
  NOTIFICATIONS_COLLECTION,
  POST_NOTICES_COLLECTION,
  POST_VIEW_COLLECTION,
  type AccountDocument,
  type CommentDocument,
  type NotificationDocument,
  type PostViewDocument,
} from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { newestFirst } from '../shared/keyset-page';
import { InboxView } from './inbox-view';
import { PostNotices } from './post-notices';

/** What the inbox and its unread count are read from (`view`). */
export const INBOX_READ_MODELS = [
  NOTIFICATIONS_COLLECTION,
  POST_NOTICES_COLLECTION,
  NOTIFICATION_READS_COLLECTION,
  FOLLOWS_COLLECTION,
  ACCOUNTS_COLLECTION,
  POST_VIEW_COLLECTION,
  COMMENTS_COLLECTION,
].map((collection) => ({ collection }));

/**
 * The inbox as a reader sees it now: its own rows merged with the post notices of what it follows
 * (PostNotices), actors' names joined from the accounts read model (an erased
 * person is left out, and a row with no one left is not shown), rows about a post or comment the
 * reader can no longer see left out, titles and links from the post as it is now.
 */
@Injectable()
export class NotificationInbox {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly postNotices: PostNotices,
  ) {}

  async page(reader: Actor, page: KeysetPageQuery): Promise<Notification[]> {
    const { before, options } = newestFirst('seq', page);
    const [own, posts] = await Promise.all([
      this.readStore.find<NotificationDocument>(NOTIFICATIONS_COLLECTION, { recipientId: reader.accountId, ...before }, options),
      this.postNotices.newest(reader.accountId, page.lastFetchedId, page.pageSize),
    ]);
    const rows = [...own, ...posts].sort((a, b) => b.seq - a.seq).slice(0, page.pageSize);
    return this.shown(rows, reader);
  }

  /** The `seq` of `reader`'s newest row, shown or not (0 when the inbox is empty): what 'mark all read' covers. */
  async newestSeq(reader: Actor): Promise<number> {
    const [[newest], newestPost] = await Promise.all([
      this.readStore.find<NotificationDocument>(
        NOTIFICATIONS_COLLECTION,
        { recipientId: reader.accountId },
        { sort: [['seq', -1]], limit: 1 },
      ),
      this.postNotices.newestSeq(reader.accountId),
    ]);
    return Math.max(newest?.seq ?? 0, newestPost);
  }

  async unreadCount(reader: Actor): Promise<number> {
    return (await this.view([], [reader.accountId])).unreadCount(reader);
  }

  /** The rows as `reader` may see them now (see the class comment). */
  async shown(rows: NotificationDocument[], reader: Actor): Promise<Notification[]> {
    return (await this.view(rows)).shown(rows, reader);
  }

  /**
   * What presenting `rows`, and the unread rows of `unreadOf`, to any reader needs: their actors,
   * posts and comments, each read once however many readers the view then serves.
   */
  async view(rows: readonly NotificationDocument[], unreadOf: readonly string[] = []): Promise<InboxView> {
    const unread =
      unreadOf.length === 0
        ? []
        : [
            ...(await this.readStore.find<NotificationDocument>(NOTIFICATIONS_COLLECTION, {
              recipientId: unreadOf.length === 1 ? unreadOf[0] : { $in: [...unreadOf] },
              isRead: false,
            })),
            ...(await this.postNotices.unread(unreadOf)),
          ];
    const all = [...rows, ...unread];
    const accounts = await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, {
      id: { $in: [...new Set(all.flatMap((row) => row.actorIds))] },
    });
    const people = new Map(
      accounts.flatMap((account) => (account.userName ? [[account.id, { userName: account.userName, name: account.name }] as const] : [])),
    );
    const postIds = [
      ...new Set(all.flatMap((row) => (row.target.postKind ? [POST_KINDS[row.target.postKind].streamName(row.target.postId!)] : []))),
    ];
    const posts = new Map(
      (await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { id: { $in: postIds } })).map((post) => [post.id, post]),
    );
    const commentIds = [
      ...new Set(
        all.filter((row) => row.target.entityType === 3 || row.target.entityType === 4).map((row) => commentStreamName(row.target.id)),
      ),
    ];
    const comments = new Map(
      (await this.readStore.find<CommentDocument>(COMMENTS_COLLECTION, { id: { $in: commentIds } })).map((comment) => [
        comment.id,
        comment,
      ]),
    );
    const unreadByRecipient = new Map<string, NotificationDocument[]>(unreadOf.map((id) => [id, []]));
    for (const row of unread) unreadByRecipient.get(row.recipientId)?.push(row);
    return new InboxView(people, posts, comments, unreadByRecipient);
  }
}
