import type { Decider } from '../shared/decider';
import { requireAdmin, requireOwnerOrAdmin, type Actor } from '../posts/authorization';
import { editNeedsReapproval, initialApproval } from '../posts/moderation';
import { checkCommonFields, checkDefaultImageId, NO_DEFAULT_IMAGE, POST_LIMITS, requireText, sameTags } from '../posts/post-fields';
import { requireLivePost, requireNewPost } from '../posts/post-lifecycle';
import { requireVisibleTo, type VisiblePost } from '../posts/visibility';
import type { ApproveArticle, ArticleCommand, AttachArticleFile, DeleteArticle, DraftArticle, EditArticle } from './commands';
import { ARTICLE_ALREADY_EXISTS, ARTICLE_NOT_FOUND } from './errors';
import type { ArticleEvent, ArticleFields } from './events';

export interface ArticleState {
  exists: boolean;
  deleted: boolean;
  author: string;
  fields: ArticleFields | null;
  isPublished: boolean;
  isApproved: boolean;
  defaultImageId: number;
  createdOn: string | null;
  /** Last change by the author (edit, publish, unpublish, default image); moderation does not count. */
  updatedOn: string | null;
}

export const initialArticleState: ArticleState = {
  exists: false,
  deleted: false,
  author: '',
  fields: null,
  isPublished: false,
  isApproved: false,
  defaultImageId: NO_DEFAULT_IMAGE,
  createdOn: null,
  updatedOn: null,
};

const asVisiblePost = (state: ArticleState): VisiblePost => ({
  authorId: state.author,
  isPublished: state.isPublished,
  isApproved: state.isApproved,
  deleted: state.deleted,
});

/** The article exists, is not deleted, and the actor can see it: anything else is 404. */
function requireSeenArticle(state: ArticleState, actor: Actor): void {
  requireLivePost(state, ARTICLE_NOT_FOUND);
  requireVisibleTo(asVisiblePost(state), actor, ARTICLE_NOT_FOUND);
}

function checkArticleFields(fields: ArticleFields): ArticleFields {
  const checked = checkCommonFields(fields);
  requireText(checked.description, 'Description', POST_LIMITS.description, { required: true });
  requireText(checked.source, 'Source', POST_LIMITS.source, { required: false });
  requireText(checked.instructions, 'Instructions', POST_LIMITS.instructions, { required: false });
  return {
    title: checked.title,
    description: checked.description,
    categoryId: checked.categoryId,
    tags: checked.tags,
    content: checked.content,
    source: checked.source,
    instructions: checked.instructions,
  };
}

const sameArticleFields = (a: ArticleFields, b: ArticleFields) =>
  a.title === b.title &&
  a.description === b.description &&
  a.categoryId === b.categoryId &&
  sameTags(a.tags, b.tags) &&
  a.content === b.content &&
  a.source === b.source &&
  a.instructions === b.instructions;

function draft(command: DraftArticle, state: ArticleState): ArticleEvent[] {
  requireNewPost(state, ARTICLE_ALREADY_EXISTS);
  const fields = checkArticleFields(command.fields);
  const defaultImageId = command.defaultImageId ?? NO_DEFAULT_IMAGE;
  checkDefaultImageId(defaultImageId);
  const at = command.now.toISOString();
  const events: ArticleEvent[] = [
    {
      type: 'ArticleDrafted',
      data: { id: command.id, authorId: command.actor.accountId, ...fields, isApproved: initialApproval(command.moderation), at },
    },
  ];
  if (defaultImageId !== NO_DEFAULT_IMAGE) events.push({ type: 'ArticleDefaultImageChosen', data: { fileId: defaultImageId, at } });
  if (command.isPublished) events.push({ type: 'ArticlePublished', data: { at } });
  return events;
}

function edit(command: EditArticle, state: ArticleState): ArticleEvent[] {
  requireSeenArticle(state, command.actor);
  requireOwnerOrAdmin(command.actor, state.author);
  const fields = checkArticleFields(command.fields);
  checkDefaultImageId(command.defaultImageId);
  const at = command.now.toISOString();
  const events: ArticleEvent[] = [];
  // Fields first: a publish in the same save publishes the edited text.
  const textChanged = !state.fields || !sameArticleFields(fields, state.fields);
  const imageChanged = command.defaultImageId !== state.defaultImageId;
  if (textChanged) events.push({ type: 'ArticleEdited', data: { ...fields, at } });
  if (imageChanged) events.push({ type: 'ArticleDefaultImageChosen', data: { fileId: command.defaultImageId, at } });
  if (editNeedsReapproval(command.moderation, command.actor, state.isApproved, textChanged || imageChanged))
    events.push({ type: 'ArticleUnapproved', data: { at, reason: 'edited' } });
  if (command.isPublished !== state.isPublished)
    events.push({ type: command.isPublished ? 'ArticlePublished' : 'ArticleUnpublished', data: { at } });
  return events;
}

/** A file or image was added to the article: under pre-moderation, like an edit (it shows on the article). */
function attachFile(command: AttachArticleFile, state: ArticleState): ArticleEvent[] {
  requireLivePost(state, ARTICLE_NOT_FOUND);
  requireOwnerOrAdmin(command.actor, state.author);
  if (!editNeedsReapproval(command.moderation, command.actor, state.isApproved, true)) return [];
  return [{ type: 'ArticleUnapproved', data: { at: command.now.toISOString(), reason: 'edited' } }];
}

function approve(command: ApproveArticle, state: ArticleState): ArticleEvent[] {
  requireSeenArticle(state, command.actor);
  requireAdmin(command.actor);
  if (command.isApproved === state.isApproved) return [];
  return [{ type: command.isApproved ? 'ArticleApproved' : 'ArticleUnapproved', data: { at: command.now.toISOString() } }];
}

function remove(command: DeleteArticle, state: ArticleState): ArticleEvent[] {
  requireSeenArticle(state, command.actor);
  requireOwnerOrAdmin(command.actor, state.author);
  return [{ type: 'ArticleDeleted', data: { at: command.now.toISOString() } }];
}

function decide(command: ArticleCommand, state: ArticleState): ArticleEvent[] {
  switch (command.type) {
    case 'DraftArticle':
      return draft(command, state);
    case 'EditArticle':
      return edit(command, state);
    case 'AttachArticleFile':
      return attachFile(command, state);
    case 'ApproveArticle':
      return approve(command, state);
    case 'DeleteArticle':
      return remove(command, state);
  }
}

function evolve(state: ArticleState, event: ArticleEvent): ArticleState {
  switch (event.type) {
    case 'ArticleDrafted': {
      const { id: _id, authorId, isApproved, at, ...fields } = event.data;
      return { ...state, exists: true, author: authorId, fields, isApproved, createdOn: at };
    }
    case 'ArticleEdited': {
      const { at, ...fields } = event.data;
      return { ...state, fields, updatedOn: at };
    }
    case 'ArticlePublished':
      return { ...state, isPublished: true, updatedOn: event.data.at };
    case 'ArticleUnpublished':
      return { ...state, isPublished: false, updatedOn: event.data.at };
    case 'ArticleDefaultImageChosen':
      return { ...state, defaultImageId: event.data.fileId, updatedOn: event.data.at };
    case 'ArticleApproved':
      return { ...state, isApproved: true };
    case 'ArticleUnapproved':
      return { ...state, isApproved: false };
    case 'ArticleDeleted':
      return { ...state, deleted: true };
  }
}

export const articleDecider: Decider<ArticleState, ArticleCommand, ArticleEvent> = {
  initialState: initialArticleState,
  evolve,
  decide,
};
