import type { Decider } from '../shared/decider';
import { requireAdmin, requireOwnerOrAdmin, type Actor } from '../posts/authorization';
import { editNeedsReapproval, initialApproval } from '../posts/moderation';
import { checkCommonFields, checkDefaultImageId, NO_DEFAULT_IMAGE, sameTags } from '../posts/post-fields';
import { requireLivePost, requireNewPost } from '../posts/post-lifecycle';
import { requireVisibleTo } from '../posts/visibility';
import type { ApproveQuestion, AskQuestion, AttachQuestionFile, DeleteQuestion, EditQuestion, QuestionCommand } from './commands';
import { QUESTION_ALREADY_EXISTS, QUESTION_NOT_FOUND } from './errors';
import type { QuestionEvent, QuestionFields } from './events';

export interface QuestionState {
  exists: boolean;
  deleted: boolean;
  author: string;
  fields: QuestionFields | null;
  isApproved: boolean;
  defaultImageId: number;
  createdOn: string | null;
  /** Last change by the author (edit, default image); moderation does not count. */
  updatedOn: string | null;
}

export const initialQuestionState: QuestionState = {
  exists: false,
  deleted: false,
  author: '',
  fields: null,
  isApproved: false,
  defaultImageId: NO_DEFAULT_IMAGE,
  createdOn: null,
  updatedOn: null,
};

/** The question exists, is not deleted, and the actor can see it (questions have no drafts): anything else is 404. */
function requireSeenQuestion(state: QuestionState, actor: Actor): void {
  requireLivePost(state, QUESTION_NOT_FOUND);
  requireVisibleTo(
    { authorId: state.author, isPublished: true, isApproved: state.isApproved, deleted: state.deleted },
    actor,
    QUESTION_NOT_FOUND,
  );
}

function checkQuestionFields(fields: QuestionFields): QuestionFields {
  const { title, categoryId, tags, content } = checkCommonFields(fields);
  return { title, categoryId, tags, content };
}

const sameQuestionFields = (a: QuestionFields, b: QuestionFields) =>
  a.title === b.title && a.categoryId === b.categoryId && sameTags(a.tags, b.tags) && a.content === b.content;

function ask(command: AskQuestion, state: QuestionState): QuestionEvent[] {
  requireNewPost(state, QUESTION_ALREADY_EXISTS);
  const fields = checkQuestionFields(command.fields);
  const defaultImageId = command.defaultImageId ?? NO_DEFAULT_IMAGE;
  checkDefaultImageId(defaultImageId);
  const at = command.now.toISOString();
  const events: QuestionEvent[] = [
    {
      type: 'QuestionAsked',
      data: { id: command.id, authorId: command.actor.accountId, ...fields, isApproved: initialApproval(command.moderation), at },
    },
  ];
  if (defaultImageId !== NO_DEFAULT_IMAGE) events.push({ type: 'QuestionDefaultImageChosen', data: { fileId: defaultImageId, at } });
  return events;
}

function edit(command: EditQuestion, state: QuestionState): QuestionEvent[] {
  requireSeenQuestion(state, command.actor);
  requireOwnerOrAdmin(command.actor, state.author);
  const fields = checkQuestionFields(command.fields);
  checkDefaultImageId(command.defaultImageId);
  const at = command.now.toISOString();
  const events: QuestionEvent[] = [];
  const textChanged = !state.fields || !sameQuestionFields(fields, state.fields);
  const imageChanged = command.defaultImageId !== state.defaultImageId;
  if (textChanged) events.push({ type: 'QuestionEdited', data: { ...fields, at } });
  if (imageChanged) events.push({ type: 'QuestionDefaultImageChosen', data: { fileId: command.defaultImageId, at } });
  if (editNeedsReapproval(command.moderation, command.actor, state.isApproved, textChanged || imageChanged))
    events.push({ type: 'QuestionUnapproved', data: { at, reason: 'edited' } });
  return events;
}

/** A file or image was added to the question: under pre-moderation, like an edit (it shows on the question). */
function attachFile(command: AttachQuestionFile, state: QuestionState): QuestionEvent[] {
  requireLivePost(state, QUESTION_NOT_FOUND);
  requireOwnerOrAdmin(command.actor, state.author);
  if (!editNeedsReapproval(command.moderation, command.actor, state.isApproved, true)) return [];
  return [{ type: 'QuestionUnapproved', data: { at: command.now.toISOString(), reason: 'edited' } }];
}

function approve(command: ApproveQuestion, state: QuestionState): QuestionEvent[] {
  requireSeenQuestion(state, command.actor);
  requireAdmin(command.actor);
  if (command.isApproved === state.isApproved) return [];
  return [{ type: command.isApproved ? 'QuestionApproved' : 'QuestionUnapproved', data: { at: command.now.toISOString() } }];
}

function remove(command: DeleteQuestion, state: QuestionState): QuestionEvent[] {
  requireSeenQuestion(state, command.actor);
  requireOwnerOrAdmin(command.actor, state.author);
  return [{ type: 'QuestionDeleted', data: { at: command.now.toISOString() } }];
}

function decide(command: QuestionCommand, state: QuestionState): QuestionEvent[] {
  switch (command.type) {
    case 'AskQuestion':
      return ask(command, state);
    case 'EditQuestion':
      return edit(command, state);
    case 'AttachQuestionFile':
      return attachFile(command, state);
    case 'ApproveQuestion':
      return approve(command, state);
    case 'DeleteQuestion':
      return remove(command, state);
  }
}

function evolve(state: QuestionState, event: QuestionEvent): QuestionState {
  switch (event.type) {
    case 'QuestionAsked': {
      const { id: _id, authorId, isApproved, at, ...fields } = event.data;
      return { ...state, exists: true, author: authorId, fields, isApproved, createdOn: at };
    }
    case 'QuestionEdited': {
      const { at, ...fields } = event.data;
      return { ...state, fields, updatedOn: at };
    }
    case 'QuestionDefaultImageChosen':
      return { ...state, defaultImageId: event.data.fileId, updatedOn: event.data.at };
    case 'QuestionApproved':
      return { ...state, isApproved: true };
    case 'QuestionUnapproved':
      return { ...state, isApproved: false };
    case 'QuestionDeleted':
      return { ...state, deleted: true };
  }
}

export const questionDecider: Decider<QuestionState, QuestionCommand, QuestionEvent> = {
  initialState: initialQuestionState,
  evolve,
  decide,
};
