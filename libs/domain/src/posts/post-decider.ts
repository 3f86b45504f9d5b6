import type { Decider } from '../shared/decider';
import { mentionsOf } from '../mention/mentions';
import {
  decideAcceptAnswer,
  decideClearDeletedAnswer,
  isAcceptedAnswerEvent,
  type AcceptAnswer,
  type AcceptedAnswerEvent,
  type ClearDeletedAnswer,
} from './accepted-answer';
import { conflict, notFound } from '../shared/errors';
import { requireAdmin, requireOwnerOrAdmin, type Actor } from './authorization';
import { editNeedsReapproval, initialApproval } from './moderation';
import type { ApprovePost, AttachPostFile, DeletePost, DraftPost, EditPost, PostCommand } from './post-commands';
import type { PostEvent, PostEventData, PostEventRole, PostFields } from './post-events';
import { checkDefaultImageId, NO_DEFAULT_IMAGE, sameTags } from './post-fields';
import { POST_KINDS, postCommandOf, postEventOf, type PostKind, type PostKindDescription } from './post-kinds';
import { requireVisibleTo, type VisiblePost } from './visibility';

/** A post as its stream tells it; publication and approval are independent (a draft may be approved). */
export interface PostRecord {
  kind: PostKind;
  authorId: string;
  fields: PostFields;
  isPublished: boolean;
  isApproved: boolean;
  defaultImageId: number;
  createdOn: string;
  /** Last change by the author (edit, publish, unpublish, default image); moderation does not count. */
  updatedOn: string | null;
  /** Issue 27: the comment the question's author accepted as its answer; absent when none. */
  acceptedCommentId?: number;
}

/** Nothing yet; a post its readers and author may address; a deleted post (404 for every command, kept for its history). */
export type PostState = { status: 'initial' } | { status: 'live'; post: PostRecord } | { status: 'deleted'; post: PostRecord };

export const initialPostState: PostState = { status: 'initial' };

type Decided = { kind: PostKindDescription; at: string };

const eventOf = <Role extends PostEventRole>({ kind }: Decided, role: Role, data: PostEventData[Role]): PostEvent =>
  ({ type: kind.events[role], data }) as PostEvent;

/** The post exists, is not deleted, and the actor can see it: anything else is 404, before any 403. */
function requireSeenPost(state: PostState, kind: PostKindDescription, actor: Actor): PostRecord {
  const post = requireLivePost(state, kind);
  requireVisibleTo({ ...post, deleted: false }, actor, kind.notFound);
  return post;
}

function requireLivePost(state: PostState, kind: PostKindDescription): PostRecord {
  if (state.status !== 'live') throw notFound(kind.notFound);
  return state.post;
}

const sameFields = (a: PostFields, b: PostFields) =>
  Object.keys({ ...a, ...b }).every((key) =>
    key === 'tags' ? sameTags(a.tags, b.tags) : a[key as keyof PostFields] === b[key as keyof PostFields],
  );

function draft(command: DraftPost, state: PostState, decided: Decided): PostEvent[] {
  const { kind, at } = decided;
  if (state.status !== 'initial') throw conflict(kind.alreadyExists); // ids come from the server: an id collision
  const fields = kind.checkFields(command.fields);
  const defaultImageId = command.defaultImageId ?? NO_DEFAULT_IMAGE;
  checkDefaultImageId(defaultImageId);
  const isPublished = command.isPublished ?? kind.createdIsPublished;
  const asDraft = kind.createdIsPublished && !isPublished ? { isPublished: false as const } : {};
  const events = [
    eventOf(decided, 'created', {
      id: command.id,
      authorId: command.actor.accountId,
      ...fields,
      isApproved: initialApproval(command.moderation),
      at,
      ...asDraft,
      ...mentionsOf(command.actor.accountId, command.mentionIds),
    }),
  ];
  if (defaultImageId !== NO_DEFAULT_IMAGE) events.push(eventOf(decided, 'defaultImageChosen', { fileId: defaultImageId, at }));
  if (isPublished && !kind.createdIsPublished) events.push(eventOf(decided, 'published', { at }));
  return events;
}

function edit(command: EditPost, state: PostState, decided: Decided): PostEvent[] {
  const post = requireSeenPost(state, decided.kind, command.actor);
  requireOwnerOrAdmin(command.actor, post.authorId);
  const fields = decided.kind.checkFields(command.fields);
  checkDefaultImageId(command.defaultImageId);
  const { at } = decided;
  const events: PostEvent[] = [];
  // Fields first: a publish in the same save publishes the edited text.
  const textChanged = !sameFields(fields, post.fields);
  const imageChanged = command.defaultImageId !== post.defaultImageId;
  if (textChanged) events.push(eventOf(decided, 'edited', { ...fields, at, ...mentionsOf(post.authorId, command.mentionIds) }));
  if (imageChanged) events.push(eventOf(decided, 'defaultImageChosen', { fileId: command.defaultImageId, at }));
  if (editNeedsReapproval(command.moderation, command.actor, post.isApproved, textChanged || imageChanged))
    events.push(eventOf(decided, 'unapproved', { at, reason: 'edited' }));
  if (command.isPublished !== post.isPublished) events.push(eventOf(decided, command.isPublished ? 'published' : 'unpublished', { at }));
  return events;
}

/** A file or image was added to the post: under pre-moderation, like an edit (it shows on the post). */
function attachFile(command: AttachPostFile, state: PostState, decided: Decided): PostEvent[] {
  const post = requireLivePost(state, decided.kind);
  requireOwnerOrAdmin(command.actor, post.authorId);
  if (!editNeedsReapproval(command.moderation, command.actor, post.isApproved, true)) return [];
  return [eventOf(decided, 'unapproved', { at: decided.at, reason: 'edited' })];
}

function approve(command: ApprovePost, state: PostState, decided: Decided): PostEvent[] {
  const post = requireSeenPost(state, decided.kind, command.actor);
  requireAdmin(command.actor);
  if (command.isApproved === post.isApproved) return [];
  return [eventOf(decided, command.isApproved ? 'approved' : 'unapproved', { at: decided.at })];
}

function remove(command: DeletePost, state: PostState, decided: Decided): PostEvent[] {
  const post = requireSeenPost(state, decided.kind, command.actor);
  requireOwnerOrAdmin(command.actor, post.authorId);
  return [eventOf(decided, 'deleted', { at: decided.at })];
}

function acceptAnswer(command: AcceptAnswer, state: PostState): AcceptedAnswerEvent[] {
  const kind = POST_KINDS.question;
  const post = requireSeenPost(state, kind, command.actor);
  return decideAcceptAnswer(command, { id: command.id, ...post }, command.now.toISOString());
}

function decide(command: PostCommand | AcceptAnswer | ClearDeletedAnswer, state: PostState): (PostEvent | AcceptedAnswerEvent)[] {
  if (command.type === 'AcceptAnswer') return acceptAnswer(command, state);
  // A deleted question keeps nothing to clear; a hidden one still does (the mark must not come back with it).
  if (command.type === 'ClearDeletedAnswer') return decideClearDeletedAnswer(command, state.status === 'live' ? state.post : null);
  const decided = { kind: postCommandOf(command.type).kind, at: command.now.toISOString() };
  switch (command.type) {
    case 'DraftArticle':
    case 'AskQuestion':
      return draft(command, state, decided);
    case 'EditArticle':
    case 'EditQuestion':
      return edit(command, state, decided);
    case 'AttachArticleFile':
    case 'AttachQuestionFile':
      return attachFile(command, state, decided);
    case 'ApproveArticle':
    case 'ApproveQuestion':
      return approve(command, state, decided);
    case 'DeleteArticle':
    case 'DeleteQuestion':
      return remove(command, state, decided);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

function evolve(state: PostState, event: { type: string; data: unknown }): PostState {
  if (isAcceptedAnswerEvent(event.type)) return evolveAcceptedAnswer(state, event as AcceptedAnswerEvent);
  const known = postEventOf(event.type);
  if (!known) return state;
  if (known.role === 'created') {
    const { id: _id, authorId, isApproved, at, isPublished, mentionIds: _mentionIds, ...fields } = event.data as PostEventData['created'];
    const post: PostRecord = {
      kind: known.kind.kind,
      authorId,
      fields,
      isPublished: isPublished ?? known.kind.createdIsPublished,
      isApproved,
      defaultImageId: NO_DEFAULT_IMAGE,
      createdOn: at,
      updatedOn: null,
    };
    return { status: 'live', post };
  }
  if (state.status === 'initial') return state;
  const update = (changes: Partial<PostRecord>): PostState => ({ ...state, post: { ...state.post, ...changes } });
  switch (known.role) {
    case 'edited': {
      const { at, mentionIds: _mentionIds, ...fields } = event.data as PostEventData['edited'];
      return update({ fields, updatedOn: at });
    }
    case 'published':
    case 'unpublished':
      return update({ isPublished: known.role === 'published', updatedOn: (event.data as PostEventData['published']).at });
    case 'defaultImageChosen': {
      const { fileId, at } = event.data as PostEventData['defaultImageChosen'];
      return update({ defaultImageId: fileId, updatedOn: at });
    }
    case 'approved':
    case 'unapproved':
      return update({ isApproved: known.role === 'approved' });
    case 'deleted':
      return { status: 'deleted', post: state.post };
    default: {
      const _exhaustive: never = known.role;
      return _exhaustive;
    }
  }
}

function evolveAcceptedAnswer(state: PostState, event: AcceptedAnswerEvent): PostState {
  if (state.status !== 'live') return state;
  const { acceptedCommentId: _cleared, ...post } = state.post;
  return event.type === 'QuestionAnswerAccepted'
    ? { ...state, post: { ...post, acceptedCommentId: event.data.commentId } }
    : { ...state, post };
}

/**
 * The one decider of posts of every kind: the command's name says its kind (`DraftArticle`,
 * `AskQuestion`), the kind says the names of the events and the messages.
 */
export const postDecider: Decider<PostState, PostCommand | AcceptAnswer | ClearDeletedAnswer, PostEvent | AcceptedAnswerEvent> = {
  initialState: initialPostState,
  evolve,
  decide,
};

/** The post as the visibility rule (and a file's reference) needs it; null when it was never created. */
export function visiblePostOf(state: PostState): (VisiblePost & { kind: PostKind }) | null {
  if (state.status === 'initial') return null;
  const { kind, authorId, isPublished, isApproved } = state.post;
  return { kind, authorId, isPublished, isApproved, deleted: state.status === 'deleted' };
}
