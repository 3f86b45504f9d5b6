import {
  ACCEPTED_ANSWER_EVENTS,
  isAcceptedAnswerEvent,
  isPublishedWhenCreated,
  POST_KINDS,
  postKindOf,
  type AcceptedAnswerEvent,
  type ArticleEvent,
  type CommentEvent,
  type LikeEvent,
  type QuestionEvent,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import { TRENDING_DAYS, type SearchDocument, type SearchIndexBatch } from '@app/search-index';
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

/** The id in a post or comment stream's name (`article-<id>`, `question-<id>`, `comment-<id>`). */
const postIdOf = (streamName: string): number => Number(streamName.slice(streamName.lastIndexOf('-') + 1));

const COMMENT_EVENTS: CommentEvent['type'][] = ['CommentAdded', 'CommentApproved', 'CommentUnapproved', 'CommentDeleted'];
const isCommentEvent = (type: string): type is CommentEvent['type'] => (COMMENT_EVENTS as string[]).includes(type);

const DAY_MS = 86_400_000;
/** The UTC day (days since the epoch) of an event's time: the `trending` sort's unit. */
export const dayOf = (at: string): number => Math.floor(Date.parse(at) / DAY_MS);

/** One more like, unlike or comment on `day`; days that can no longer count for a window ending on or after the newest are dropped. */
export function withActivity(post: SearchDocument, day: number, change: number): SearchDocument['activity'] {
  const activity = [...(post.activity ?? [])];
  const same = activity.findIndex((entry) => entry.day === day);
  if (same === -1) activity.push({ day, count: change });
  else activity[same] = { day, count: activity[same].count + change };
  const newest = Math.max(...activity.map((entry) => entry.day));
  return activity.filter((entry) => entry.day > newest - TRENDING_DAYS).sort((a, b) => a.day - b.day);
}

/**
 * A comment's mark on its post: one more unit of trending activity when added, and on a question,
 * an answer when its author is not the question's (issue 27's 'unanswered'), whose approval and
 * deletion follow. Events before issue 27 without `postId` cannot be placed and are skipped.
 */
function evolveByComment(post: SearchDocument, event: CommentEvent, commentId: number, position: string): SearchDocument | null {
  const answers = post.answers ?? [];
  const next = { ...post, position };
  switch (event.type) {
    case 'CommentAdded': {
      const { authorId, isApproved, at } = event.data;
      const isAnswer = post.entityType === POST_KINDS.question.entityType && authorId !== post.authorAccountId;
      return {
        ...next,
        activity: withActivity(post, dayOf(at), 1),
        ...(isAnswer ? { answers: [...answers.filter((answer) => answer.commentId !== commentId), { commentId, isApproved }] } : {}),
      };
    }
    case 'CommentApproved':
    case 'CommentUnapproved': {
      if (!answers.some((answer) => answer.commentId === commentId)) return null;
      const isApproved = event.type === 'CommentApproved';
      return { ...next, answers: answers.map((answer) => (answer.commentId === commentId ? { commentId, isApproved } : answer)) };
    }
    case 'CommentDeleted':
      if (!answers.some((answer) => answer.commentId === commentId)) return null;
      return { ...next, answers: answers.filter((answer) => answer.commentId !== commentId) };
    case 'CommentEdited':
      return null;
  }
}

/** Whether the document already reflects the event: its last applied event is at or after this one. */
const alreadyApplied = (post: SearchDocument | null, position: bigint): boolean => post !== null && BigInt(post.position) >= position;

/** The posts the search screens find (SPEC §2, §3), kept in the SearchIndex. */
export const searchProjection: SearchIndexProjection = {
  name: SEARCH_PROJECTION_NAME,
  version: 3,
  handles: [...POST_LISTING_EVENTS, ...LIKE_EVENTS, ...ACCEPTED_ANSWER_EVENTS, ...COMMENT_EVENTS],
  async apply(recorded: RecordedEvent, batch: SearchIndexBatch) {
    const position = recorded.position.toString();
    if (isLikeEvent(recorded.type)) {
      // Relative: the position check keeps a re-applied batch from counting a like twice.
      const like = { type: recorded.type, data: recorded.data } as LikeEvent;
      if (!postKindOf(like.data.entityType)) return;
      const liked = await batch.get(like.data.targetId);
      if (liked && !alreadyApplied(liked, recorded.position))
        batch.upsert({
          ...liked,
          likes: likesAfter(liked.likes, like),
          activity: withActivity(liked, dayOf(like.data.at), like.type === 'Liked' ? 1 : -1),
          position,
        });
      return;
    }
    if (isCommentEvent(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as CommentEvent;
      const postId = 'postId' in event.data ? event.data.postId : undefined;
      if (postId === undefined) return;
      const post = await batch.get(postId);
      if (!post || alreadyApplied(post, recorded.position)) return;
      const next = evolveByComment(post, event, postIdOf(recorded.streamName), position);
      if (next) batch.upsert(next);
      return;
    }
    if (isAcceptedAnswerEvent(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as AcceptedAnswerEvent;
      const post = await batch.get(postIdOf(recorded.streamName));
      if (!post || alreadyApplied(post, recorded.position)) return;
      const acceptedCommentId = event.type === 'QuestionAnswerAccepted' ? event.data.commentId : null;
      batch.upsert({ ...post, acceptedCommentId, position });
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
