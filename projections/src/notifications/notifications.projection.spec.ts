import type { ArticleEvent, CommentEvent, FlagEvent, FollowEvent, LikeEvent, NotificationEvent } from '@app/domain';
import { articleDrafted, documentDoesNotExist, documentExists, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import {
  NOTIFICATION_READS_COLLECTION,
  NOTIFICATIONS_COLLECTION,
  notificationsProjection,
  POST_NOTICES_COLLECTION,
  type NotificationDocument,
  type NotificationReadsDocument,
  type PostNoticeDocument,
} from './notifications.projection';

const at = '2026-02-01T10:00:00.000Z';
const drafted = articleDrafted({ at });
const published = { type: 'ArticlePublished', data: { id: 7, at } } as unknown as ArticleEvent;
const liked = (accountId: string): LikeEvent => ({ type: 'Liked', data: { entityType: 1, targetId: 7, accountId, at } });
const unliked = (accountId: string): LikeEvent => ({ type: 'Unliked', data: { entityType: 1, targetId: 7, accountId, at } });
const follows = (followerId: string, target: FollowEvent['data']['target']): FollowEvent => ({
  type: 'Followed',
  data: { target, followerId, at },
});

const commented = (id: number, authorId: string, parentId = -1): CommentEvent => ({
  type: 'CommentAdded',
  data: { id, postKind: 'article', postId: 7, parentId, authorId, content: '<p>x</p>', attachedFiles: [], isApproved: true, at },
});
const commentLiked = (commentId: number, accountId: string): LikeEvent => ({
  type: 'Liked',
  data: { entityType: 3, targetId: commentId, accountId, at },
});

describe('notifications projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(notificationsProjection, readStore);

  it('groups the likes of one post into one row, newest liker first', () =>
    spec
      .given([on('article-7', drafted), on('like-1-7-ann', liked('ann'))])
      .when(on('like-1-7-bob', liked('bob')))
      .then(
        documentExists<NotificationDocument>(
          { recipientId: 'ada', kind: 'like', actorIds: ['bob', 'ann'], isRead: false },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'like:1:7' },
        ),
      ));

  it('drops the row when the last like is undone', () =>
    spec
      .given([on('article-7', drafted), on('like-1-7-ann', liked('ann'))])
      .when(on('like-1-7-ann', unliked('ann')))
      .then(documentDoesNotExist({ inCollection: NOTIFICATIONS_COLLECTION, withId: 'like:1:7' })));

  it('says nothing of one own like', () =>
    spec
      .given([on('article-7', drafted)])
      .when(on('like-1-7-ada', liked('ada')))
      .then(documentDoesNotExist({ inCollection: NOTIFICATIONS_COLLECTION, withId: 'like:1:7' })));

  it('keeps one notice per followed target of a post when it is first shown, not a row per follower', () =>
    spec
      .given([
        on('follow-user-ada-ann', follows('ann', { kind: 'user', accountId: 'ada' })),
        on('follow-user-ada-bob', follows('bob', { kind: 'user', accountId: 'ada' })),
        on('article-7', drafted),
      ])
      .when(on('article-7', published))
      .then(
        documentExists<PostNoticeDocument>(
          {
            noticeId: 'post:article-7',
            target: 'user:ada',
            authorId: 'ada',
            post: { entityType: 1, id: 7, postKind: 'article', postId: 7 },
            mentionedIds: [],
          },
          { inCollection: POST_NOTICES_COLLECTION, withId: 'post:article-7|user:ada' },
        ),
        // Nobody follows its tag: nobody ever will before the post, so no notice.
        documentDoesNotExist({ inCollection: POST_NOTICES_COLLECTION, withId: 'post:article-7|tag:1' }),
        documentDoesNotExist({ inCollection: NOTIFICATIONS_COLLECTION, withId: 'post:article-7:ann' }),
      ));

  it("keeps a reader's marks on post notices: one by one above what they marked all read", async () => {
    const read = (ids: string[], upTo: number | null): NotificationEvent => ({
      type: 'NotificationsRead',
      data: { accountId: 'ann', ids, upTo, at },
    });
    await spec
      .given([on('article-7', drafted), on('article-7', published)])
      .when(on('notifications-ann', read(['post:article-7', 'post:article-404', 'like:1:7'], null)))
      .then(
        documentExists<NotificationReadsDocument>(
          { upTo: 0, read: [{ id: 'post:article-7', seq: expect.any(Number) as number }] },
          { inCollection: NOTIFICATION_READS_COLLECTION, withId: 'ann' },
        ),
      );
    await spec
      .given([])
      .when(on('notifications-ann', read([], 1e9)))
      .then(
        documentExists<NotificationReadsDocument>({ upTo: 1e9, read: [] }, { inCollection: NOTIFICATION_READS_COLLECTION, withId: 'ann' }),
      );
  });

  it('tells the author of a comment of a reply to it, as a reply', () =>
    spec
      .given([on('article-7', drafted), on('article-7', published), on('comment-20', commented(20, 'bob'))])
      .when(on('comment-21', commented(21, 'cy', 20)))
      .then(
        documentExists<NotificationDocument>(
          { recipientId: 'bob', kind: 'reply', actorIds: ['cy'], target: { entityType: 3, id: 21, postKind: 'article', postId: 7 } },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'reply:21' },
        ),
        documentExists<NotificationDocument>(
          { recipientId: 'ada', kind: 'comment', actorIds: ['cy'] },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'comment:21' },
        ),
      ));

  it('groups the likes of one comment into one row for its author', () =>
    spec
      .given([on('article-7', drafted), on('comment-20', commented(20, 'bob')), on('like-3-20-ann', commentLiked(20, 'ann'))])
      .when(on('like-3-20-cy', commentLiked(20, 'cy')))
      .then(
        documentExists<NotificationDocument>(
          {
            recipientId: 'bob',
            kind: 'like',
            actorIds: ['cy', 'ann'],
            count: 2,
            target: { entityType: 3, id: 20, postKind: 'article', postId: 7 },
          },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'like:3:20' },
        ),
      ));

  it('tells a person of a new follower', () =>
    spec
      .given([])
      .when(on('follow-user-ada-ann', follows('ann', { kind: 'user', accountId: 'ada' })))
      .then(
        documentExists<NotificationDocument>(
          { recipientId: 'ada', kind: 'follow', actorIds: ['ann'] },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'follow:follow-user-ada-ann' },
        ),
      ));
});

describe('notifications projection: flags (issue 27)', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(notificationsProjection, readStore);
  const post = on('article-7', drafted);
  const resolved = on<FlagEvent>(
    'article-7',
    { type: 'FlagsResolved', data: { entityType: 1, id: 7, action: 'hide', note: '', flaggerIds: ['bob', 'cy'], at } },
    { actor: 'root' },
  );

  it('tells each flagger of the settled round what the admin did', () =>
    spec
      .given([post, on('article-7', published)])
      .when(resolved)
      .then(
        documentExists<NotificationDocument>(
          {
            recipientId: 'bob',
            kind: 'flag-resolved',
            actorIds: ['root'],
            outcome: 'hide',
            target: { entityType: 1, id: 7, postKind: 'article', postId: 7 },
          },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: `flag-resolved:${resolved.id}:bob` },
        ),
        documentExists<NotificationDocument>(
          { recipientId: 'cy', kind: 'flag-resolved', outcome: 'hide' },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: `flag-resolved:${resolved.id}:cy` },
        ),
      ));

  it('does not name the third flagger to the author when the flags hide the post', () => {
    const hidden = on<ArticleEvent>('article-7', { type: 'ArticleUnapproved', data: { at, reason: 'flagged' } }, { actor: 'dee' });
    return spec
      .given([post, on('article-7', published)])
      .when(hidden)
      .then(documentDoesNotExist({ inCollection: NOTIFICATIONS_COLLECTION, withId: `moderation:${hidden.id}` }));
  });
});
