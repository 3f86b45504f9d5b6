import { isPublishedWhenCreated, POST_KINDS, postKindOf, type ArticleEvent, type LikeEvent, type QuestionEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { SearchDocument, SearchIndexBatch } from '@app/search-index';
import { isLikeEvent, LIKE_EVENTS, likesAfter } from '../likes/like-counts';
import { POST_LISTING_EVENTS } from '../post-listing-events';
import type { SearchIndexProjection } from '../projection';
import { plainTextOf } from './plain-text';

export const SEARCH_PROJECTION_NAME = 'search';

type PostEvent = ArticleEvent | QuestionEvent;

/**
 * The post a document will be after `event` (`position`: the event's `$all` position), or null
 * when there is no post to find (never created, or deleted: a deleted post leaves the index).
 */
export function evolveSearchDocument(post: SearchDocument | null, event: PostEvent, position: string): SearchDocument | null {
  if (event.type === 'ArticleDrafted' || event.type === 'QuestionAsked') {
    const isArticle = event.type === 'ArticleDrafted';
    const { data } = event;
    return {
      id: data.id,
      entityType: POST_KINDS[isArticle ? 'article' : 'question'].entityType,
      title: data.title,
      description: isArticle ? event.data.description : '',
      contentText: plainTextOf(data.content),
      tags: data.tags.map(({ id, subTag }) => ({ id, subTag })),
      categoryId: data.categoryId,
      authorAccountId: data.authorId,
      likes: 0,
      isApproved: data.isApproved,
      isPublished: isPublishedWhenCreated(event),
      createdOn: data.at,
      updatedOn: null,
      position,
    };
  }
  if (!post) return null;
  const next = { ...post, position };
  switch (event.type) {
    case 'ArticleEdited':
    case 'QuestionEdited':
      return {
        ...next,
        title: event.data.title,
        description: event.type === 'ArticleEdited' ? event.data.description : '',
        contentText: plainTextOf(event.data.content),
        tags: event.data.tags.map(({ id, subTag }) => ({ id, subTag })),
        categoryId: event.data.categoryId,
        updatedOn: event.data.at,
      };
    case 'ArticlePublished':
    case 'QuestionPublished':
      return { ...next, isPublished: true };
    case 'ArticleUnpublished':
    case 'QuestionUnpublished':
      return { ...next, isPublished: false };
    case 'ArticleApproved':
    case 'QuestionApproved':
      return { ...next, isApproved: true };
    case 'ArticleUnapproved':
    case 'QuestionUnapproved':
      return { ...next, isApproved: false };
    case 'ArticleDeleted':
    case 'QuestionDeleted':
      return null;
    case 'ArticleDefaultImageChosen':
    case 'QuestionDefaultImageChosen':
      // The search grid shows no image (not in POST_LISTING_EVENTS either).
      return post;
  }
}

/** The post id of a post stream (`article-<id>`, `question-<id>`). */
const postIdOf = (streamName: string): number => Number(streamName.slice(streamName.lastIndexOf('-') + 1));

/** Whether the document already reflects the event: its last applied event is at or after this one. */
const alreadyApplied = (post: SearchDocument | null, position: bigint): boolean => post !== null && BigInt(post.position) >= position;

/** The posts the search screens find (SPEC §2, §3), kept in the SearchIndex. */
export const searchProjection: SearchIndexProjection = {
  name: SEARCH_PROJECTION_NAME,
  version: 2,
  handles: [...POST_LISTING_EVENTS, ...LIKE_EVENTS],
  async apply(recorded: RecordedEvent, batch: SearchIndexBatch) {
    if (isLikeEvent(recorded.type)) {
      // Relative: the position check keeps a re-applied batch from counting a like twice.
      const like = { type: recorded.type, data: recorded.data } as LikeEvent;
      if (!postKindOf(like.data.entityType)) return;
      const liked = await batch.get(like.data.targetId);
      if (liked && !alreadyApplied(liked, recorded.position))
        batch.upsert({ ...liked, likes: likesAfter(liked.likes, like), position: recorded.position.toString() });
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as PostEvent;
    const id = postIdOf(recorded.streamName);
    const post = await batch.get(id);
    if (alreadyApplied(post, recorded.position)) return;
    const next = evolveSearchDocument(post, event, recorded.position.toString());
    if (next) batch.upsert(next);
    else if (post) batch.remove(id);
  },
};
