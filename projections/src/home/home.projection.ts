import type { RecordedEvent } from '@app/event-store';
import {
  accountIdOfProfileStream,
  accountIdOfStream,
  ACCEPTED_ANSWER_EVENTS,
  isAcceptedAnswerEvent,
  isPublishedWhenCreated,
  POST_KINDS,
  type AccountErased,
  type CommentEvent,
  type AccountPersonalData,
  type AccountRegistered,
  type ArticleEvent,
  type PostEntityType,
  type ProfileBasicInfoChanged,
  type ProfilePersonalData,
  type QuestionEvent as QuestionEvents,
} from '@app/domain';
import { readingMinutes } from '@app/contracts';
import type { PersonalDataVault } from '@app/personal-data';
import type { ReadStoreTransaction } from '@app/read-store';
import { ERASED_USER_NAME } from '../accounts/accounts.projection';
import { OpenedPersonalData } from '../opened-personal-data';
import { applyLikeEvent, isLikeEvent, LIKE_EVENTS, postDocumentIdOf } from '../likes/like-counts';
import { POST_LISTING_EVENTS } from '../post-listing-events';
import type { Projection } from '../projection';

export const HOME_COLLECTION = 'home_posts';
/** Each author's handle and display name as the home lists show them, for the posts they write next. */
const HOME_AUTHORS_COLLECTION = 'home_authors';
/** Each comment's post and whether it counts (approved, not deleted), for the lists' comment counts. */
const HOME_COMMENTS_COLLECTION = 'home_comments';
export const HOME_PAGE_SIZE = 20;

/**
 * One post as the home lists need it (SPEC §3 'Grid post item'), with the author's handle and
 * display name as they stand now: the projection follows renames and erasures (issue 12: the home
 * read joins nothing).
 */
export interface HomePostDocument {
  /** Issue 27: a question with an accepted answer; absent until the first acceptance. */
  isSolved?: boolean;
  id: string;
  postId: number;
  entityType: PostEntityType;
  title: string;
  /** The author's opaque account id. */
  authorId: string;
  /** The author's handle; empty once the account is erased. */
  uName: string;
  /** The author's display name ('Deleted user' once erased). */
  name: string;
  tags: { id: number; subTag: string }[];
  likes: number;
  isApproved: boolean;
  isPublished: boolean;
  deleted: boolean;
  /** What the home endpoint filters on: published, approved and not deleted. */
  visible: boolean;
  createdOn: string;
  updatedOn: string | null;
  articleDescription: string | null;
  /** Approved comments not deleted: what every reader sees under the post (issue 25). */
  comments: number;
  /** An article's reading time in whole minutes; null for a question. */
  readingMinutes: number | null;
  [field: string]: unknown;
}

interface HomeComment {
  id: string;
  /** The home document of the comment's post. */
  postDocumentId: string;
  counted: boolean;
  [field: string]: unknown;
}

interface HomeAuthor {
  id: string;
  uName: string;
  name: string;
  [field: string]: unknown;
}

const ERASED_AUTHOR = { uName: '', name: ERASED_USER_NAME };

type PostEvent = ArticleEvent | QuestionEvents;
type AuthorEvent = AccountRegistered | ProfileBasicInfoChanged | AccountErased;
const AUTHOR_EVENTS: AuthorEvent['type'][] = ['AccountRegistered', 'ProfileBasicInfoChanged', 'AccountErased'];
const COMMENT_EVENTS: CommentEvent['type'][] = ['CommentAdded', 'CommentApproved', 'CommentUnapproved', 'CommentDeleted'];

/**
 * The latest posts, visible or not, so a post that becomes visible again needs no other source.
 * Authors' names are opened from their sealed personal data with the keys `prefetch` read before
 * the batch, as the accounts projection does: once a user's key is shredded, a rebuild shows their
 * posts as by 'Deleted user'.
 */
export function homeProjection(vault: PersonalDataVault): Projection {
  return {
    name: 'home',
    version: 5,
    collections: [HOME_COLLECTION, HOME_AUTHORS_COLLECTION, HOME_COMMENTS_COLLECTION],
    handles: [...POST_LISTING_EVENTS, ...LIKE_EVENTS, ...AUTHOR_EVENTS, ...COMMENT_EVENTS, ...ACCEPTED_ANSWER_EVENTS],
    indexes: { [HOME_COLLECTION]: [['entityType', 'visible', 'postId'], ['authorId']] },
    prefetch: (events) =>
      OpenedPersonalData.of(
        vault,
        events.map(authorWithSealedData).filter((id): id is string => id !== null),
      ),
    async apply(recorded: RecordedEvent, tx: ReadStoreTransaction, opened: OpenedPersonalData) {
      if (isLikeEvent(recorded.type)) return applyLikeEvent(recorded, tx, HOME_COLLECTION, postDocumentIdOf);
      if ((AUTHOR_EVENTS as string[]).includes(recorded.type)) return applyAuthorEvent(opened, recorded, tx);
      if ((COMMENT_EVENTS as string[]).includes(recorded.type)) return applyCommentEvent(recorded, tx);
      if (isAcceptedAnswerEvent(recorded.type)) {
        const post = await tx.get<HomePostDocument>(HOME_COLLECTION, recorded.streamName);
        if (!post) return;
        return tx.upsert(HOME_COLLECTION, { ...post, isSolved: recorded.type === 'QuestionAnswerAccepted' });
      }
      return applyPostEvent(recorded, tx);
    },
  };
}

/** Keeps each author's names, and rewrites them on every post of the author when they change. */
/** Whose key opens the names an author event carries sealed, if any. */
function authorWithSealedData(recorded: RecordedEvent): string | null {
  if (recorded.type === 'AccountRegistered') return (recorded.data as AccountRegistered['data']).accountId;
  if (recorded.type === 'ProfileBasicInfoChanged') return accountIdOfProfileStream(recorded.streamName);
  return null;
}

async function applyAuthorEvent(opened: OpenedPersonalData, recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as AuthorEvent;
  if (event.type === 'AccountRegistered') {
    const personal = opened.open<AccountPersonalData>(event.data.accountId, event.data.sealed);
    const author = personal ? { uName: personal.userName, name: personal.name } : ERASED_AUTHOR;
    return rename(tx, { id: event.data.accountId, ...author });
  }
  if (event.type === 'AccountErased') {
    return rename(tx, { id: accountIdOfStream(recorded.streamName), ...ERASED_AUTHOR });
  }
  const owner = accountIdOfProfileStream(recorded.streamName);
  const author = owner ? await tx.get<HomeAuthor>(HOME_AUTHORS_COLLECTION, owner) : null;
  if (!author || author.uName === '') return;
  const personal = opened.open<ProfilePersonalData>(author.id, event.data.sealed);
  if (personal && personal.name !== author.name) return rename(tx, { ...author, name: personal.name });
}

async function rename(tx: ReadStoreTransaction, author: HomeAuthor): Promise<void> {
  await tx.upsert(HOME_AUTHORS_COLLECTION, author);
  for (const post of await tx.find<HomePostDocument>(HOME_COLLECTION, { authorId: author.id })) {
    await tx.upsert(HOME_COLLECTION, { ...post, uName: author.uName, name: author.name });
  }
}

async function applyPostEvent(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as PostEvent;
  const id = recorded.streamName;
  if (event.type === 'ArticleDrafted' || event.type === 'QuestionAsked') {
    const isArticle = event.type === 'ArticleDrafted';
    const author = await tx.get<HomeAuthor>(HOME_AUTHORS_COLLECTION, event.data.authorId);
    return save(tx, {
      id,
      postId: event.data.id,
      entityType: POST_KINDS[isArticle ? 'article' : 'question'].entityType,
      title: event.data.title,
      authorId: event.data.authorId,
      uName: author?.uName ?? ERASED_AUTHOR.uName,
      name: author?.name ?? ERASED_AUTHOR.name,
      tags: event.data.tags,
      likes: 0,
      isApproved: event.data.isApproved,
      isPublished: isPublishedWhenCreated(event),
      deleted: false,
      visible: false,
      createdOn: event.data.at,
      updatedOn: null,
      articleDescription: isArticle ? event.data.description : null,
      comments: 0,
      readingMinutes: isArticle ? readingMinutes(event.data.content) : null,
    });
  }
  const post = await tx.get<HomePostDocument>(HOME_COLLECTION, id);
  if (!post) return;
  switch (event.type) {
    case 'ArticleEdited':
      return save(tx, {
        ...post,
        title: event.data.title,
        tags: event.data.tags,
        articleDescription: event.data.description,
        readingMinutes: readingMinutes(event.data.content),
        updatedOn: event.data.at,
      });
    case 'QuestionEdited':
      return save(tx, { ...post, title: event.data.title, tags: event.data.tags, updatedOn: event.data.at });
    case 'ArticlePublished':
    case 'QuestionPublished':
      return save(tx, { ...post, isPublished: true });
    case 'ArticleUnpublished':
    case 'QuestionUnpublished':
      return save(tx, { ...post, isPublished: false });
    case 'ArticleApproved':
    case 'QuestionApproved':
      return save(tx, { ...post, isApproved: true });
    case 'ArticleUnapproved':
    case 'QuestionUnapproved':
      return save(tx, { ...post, isApproved: false });
    case 'ArticleDeleted':
    case 'QuestionDeleted':
      return save(tx, { ...post, deleted: true });
  }
}

/** Keeps each post's count of the comments every reader sees: approved and not deleted. */
async function applyCommentEvent(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as CommentEvent;
  const id = recorded.streamName;
  if (event.type === 'CommentAdded') {
    const postDocumentId = POST_KINDS[event.data.postKind].streamName(event.data.postId);
    await tx.upsert(HOME_COMMENTS_COLLECTION, { id, postDocumentId, counted: event.data.isApproved } satisfies HomeComment);
    return event.data.isApproved ? countComment(tx, postDocumentId, 1) : undefined;
  }
  const comment = await tx.get<HomeComment>(HOME_COMMENTS_COLLECTION, id);
  if (!comment) return;
  const counts = event.type === 'CommentApproved';
  if (event.type === 'CommentDeleted') await tx.delete(HOME_COMMENTS_COLLECTION, id);
  else if (comment.counted !== counts) await tx.upsert(HOME_COMMENTS_COLLECTION, { ...comment, counted: counts });
  if (comment.counted !== counts) await countComment(tx, comment.postDocumentId, counts ? 1 : -1);
}

async function countComment(tx: ReadStoreTransaction, postDocumentId: string, delta: number): Promise<void> {
  const post = await tx.get<HomePostDocument>(HOME_COLLECTION, postDocumentId);
  if (post) await tx.upsert(HOME_COLLECTION, { ...post, comments: Math.max(0, (post.comments ?? 0) + delta) });
}

function save(tx: ReadStoreTransaction, post: HomePostDocument): Promise<void> {
  return tx.upsert(HOME_COLLECTION, { ...post, visible: post.isPublished && post.isApproved && !post.deleted });
}
