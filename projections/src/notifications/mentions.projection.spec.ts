import type { ArticleEvent, CommentEvent } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { documentExists, on, projectionSpec, useTemporaryReadStore, type ProjectionAssertion } from '@app/testing';
import {
  NOTIFICATIONS_COLLECTION,
  notificationsProjection,
  POST_NOTICES_COLLECTION,
  type NotificationDocument,
  type PostNoticeDocument,
} from './notifications.projection';

const at = '2026-02-01T10:00:00.000Z';
const fields = { title: 'Engines', description: '', content: '<p>x</p>', categoryId: 1, source: '', instructions: '', tags: [] };
const drafted = (mentionIds?: string[]): ArticleEvent => ({
  type: 'ArticleDrafted',
  data: { id: 7, authorId: 'ada', ...fields, isApproved: true, at, ...(mentionIds ? { mentionIds } : {}) },
});
const articleEdited = (mentionIds: string[]): ArticleEvent => ({ type: 'ArticleEdited', data: { ...fields, at, mentionIds } });
const published: ArticleEvent = { type: 'ArticlePublished', data: { at } };
const unapproved: ArticleEvent = { type: 'ArticleUnapproved', data: { at } };
const approved: ArticleEvent = { type: 'ArticleApproved', data: { at } };

const commented = (id: number, authorId: string, mentionIds: string[], parentId = -1, isApproved = true): CommentEvent => ({
  type: 'CommentAdded',
  data: { id, postKind: 'article', postId: 7, parentId, authorId, content: '<p>x</p>', attachedFiles: [], isApproved, at, mentionIds },
});
const commentEdited = (mentionIds: string[]): CommentEvent => ({ type: 'CommentEdited', data: { content: '<p>y</p>', at, mentionIds } });
const commentApproved: CommentEvent = { type: 'CommentApproved', data: { at } };

/** The mention rows, as (id, seq): a row told again would have a later seq. */
const mentionsAre =
  (expected: string[]): ProjectionAssertion =>
  async (readStore: ReadStore) => {
    const rows = await readStore.find<NotificationDocument>(NOTIFICATIONS_COLLECTION, { kind: 'mention' }, { sort: [['id', 1]] });
    expect(rows.map((row) => row.id)).toEqual([...expected].sort());
  };
const mentionSeqOf = async (readStore: ReadStore, id: string) =>
  (await readStore.get<NotificationDocument>(NOTIFICATIONS_COLLECTION, id))?.seq;

describe('notifications projection: mentions', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(notificationsProjection, readStore);
  const publishedArticle = [on('article-7', drafted()), on('article-7', published)];

  it('tells whoever a comment mentions, as a mention of the comment by its author', () =>
    spec
      .given(publishedArticle)
      .when(on('comment-9', commented(9, 'bob', ['carl'])))
      .then(
        documentExists<NotificationDocument>(
          {
            recipientId: 'carl',
            kind: 'mention',
            actorIds: ['bob'],
            target: { entityType: 3, id: 9, postKind: 'article', postId: 7 },
            isRead: false,
          },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'mention:comment-9:carl' },
        ),
      ));

  it('says nothing of a self-mention, nor to the post author already told of the comment, nor to the parent author told of the reply', () =>
    spec
      .given([...publishedArticle, on('comment-8', commented(8, 'dora', []))])
      .when(on('comment-9', commented(9, 'bob', ['bob', 'ada', 'dora'], 8)))
      .then(
        mentionsAre([]),
        documentExists<NotificationDocument>(
          { recipientId: 'dora', kind: 'reply' },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'reply:9' },
        ),
      ));

  it('tells only the newly mentioned when an edit adds a mention, each once per item', async () => {
    await spec
      .given([...publishedArticle, on('comment-9', commented(9, 'bob', ['carl']))])
      .when(
        on('comment-9', commentEdited(['carl', 'dora'])),
        on('comment-9', commentEdited(['dora'])),
        on('comment-9', commentEdited(['carl', 'dora'])),
      )
      .then(mentionsAre(['mention:comment-9:carl', 'mention:comment-9:dora']));
    // carl's row is the one the comment made, not told again by the edits.
    expect(await mentionSeqOf(readStore(), 'mention:comment-9:carl')).toBeLessThan(
      (await mentionSeqOf(readStore(), 'mention:comment-9:dora'))!,
    );
  });

  it('waits while a comment awaits approval, and tells on approval', async () => {
    await spec
      .given(publishedArticle)
      .when(on('comment-9', commented(9, 'bob', ['carl'], -1, false)))
      .then(mentionsAre([]));
    await spec
      .given([])
      .when(on('comment-9', commentApproved, { actor: 'admin' }))
      .then(mentionsAre(['mention:comment-9:carl']));
  });

  it('says nothing of a mention in a draft until it is published, and then tells it instead of the follow news', async () => {
    await spec
      .given([
        on('follow-user-ada-carl', { type: 'Followed', data: { target: { kind: 'user', accountId: 'ada' }, followerId: 'carl', at } }),
      ])
      .when(on('article-7', drafted(['carl', 'dora'])), on('article-7', articleEdited(['carl', 'dora', 'eve'])))
      .then(mentionsAre([]));
    await spec
      .given([])
      .when(on('article-7', published))
      .then(
        mentionsAre(['mention:article-7:carl', 'mention:article-7:dora', 'mention:article-7:eve']),
        documentExists<NotificationDocument>(
          { recipientId: 'eve', kind: 'mention', actorIds: ['ada'], target: { entityType: 1, id: 7, postKind: 'article', postId: 7 } },
          { inCollection: NOTIFICATIONS_COLLECTION, withId: 'mention:article-7:eve' },
        ),
      );
    // carl follows ada but heard of it as a mention: the post's notice leaves him out.
    expect((await readStore().get<PostNoticeDocument>(POST_NOTICES_COLLECTION, 'post:article-7|user:ada'))?.mentionedIds).toEqual([
      'carl',
      'dora',
      'eve',
    ]);
  });

  it('never tells of a hidden post: an edit of an unapproved post waits for its approval', async () => {
    await spec
      .given([...publishedArticle, on('article-7', unapproved, { actor: 'admin' })])
      .when(on('article-7', articleEdited(['carl'])))
      .then(mentionsAre([]));
    await spec
      .given([])
      .when(on('article-7', approved, { actor: 'admin' }))
      .then(mentionsAre(['mention:article-7:carl']));
  });

  it('folds comments recorded before mentions existed (no mentionIds, no approval kept) as mentioning nobody', () =>
    spec
      .given(publishedArticle)
      .when(on('comment-9', { type: 'CommentEdited', data: { content: '<p>y</p>', at } }))
      .then(mentionsAre([])));
});
