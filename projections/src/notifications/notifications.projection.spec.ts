import type { ArticleEvent, FollowEvent, LikeEvent } from '@app/domain';
import { documentDoesNotExist, documentExists, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { NOTIFICATIONS_COLLECTION, notificationsProjection, type NotificationDocument } from './notifications.projection';

const at = '2026-02-01T10:00:00.000Z';
const drafted = {
  type: 'ArticleDrafted',
  data: {
    id: 7,
    authorId: 'ada',
    title: 'Engines',
    description: '',
    content: '',
    categoryId: 1,
    source: null,
    tags: [{ id: 3, subTag: 'x' }],
    isApproved: true,
    at,
  },
} as unknown as ArticleEvent;
const published = { type: 'ArticlePublished', data: { id: 7, at } } as unknown as ArticleEvent;
const liked = (accountId: string): LikeEvent => ({ type: 'Liked', data: { entityType: 1, targetId: 7, accountId, at } });
const unliked = (accountId: string): LikeEvent => ({ type: 'Unliked', data: { entityType: 1, targetId: 7, accountId, at } });
const follows = (followerId: string, target: FollowEvent['data']['target']): FollowEvent => ({
  type: 'Followed',
  data: { target, followerId, at },
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

  it('tells a follower once of a post by a followed person with a followed tag', () =>
    spec
      .given([
        on('follow-user-ada-ann', follows('ann', { kind: 'user', accountId: 'ada' })),
        on('follow-tag-3-ann', follows('ann', { kind: 'tag', tagId: 3 })),
        on('article-7', drafted),
      ])
      .when(on('article-7', published))
      .then(
        documentExists<NotificationDocument>(
          { recipientId: 'ann', kind: 'post', actorIds: ['ada'], target: { entityType: 1, id: 7, postKind: 'article', postId: 7 } },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'post:article-7:ann' },
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
