import { EntityType } from '@app/contracts';
import type { PostCommand, PostCommandRole } from './post-commands';
import { articleStreamName, questionStreamName, type PostEvent, type PostEventRole, type PostFields } from './post-events';
import { checkCommonFields, POST_LIMITS, requireText } from './post-fields';

export type PostKind = 'article' | 'question';

/** SPEC §3 entity type of a post (the wire's `EntityType.Article` or `EntityType.Question`). */
export type PostEntityType = (typeof EntityType)['Article' | 'Question'];

export const ARTICLE_NOT_FOUND = 'Article not found.';
export const QUESTION_NOT_FOUND = 'Question not found.';

export interface PostKindDescription {
  kind: PostKind;
  entityType: PostEntityType;
  label: 'Article' | 'Question';
  streamName: (id: number) => string;
  notFound: string;
  alreadyExists: string;
  /** The kind's own fields, checked (SPEC §5 messages) and with the content sanitized; anything else the caller passed is dropped. */
  checkFields: (fields: PostFields) => PostFields;
  /** Command names (as metrics count them) and event names (as stored logs have them) of each role. */
  commands: { [Role in PostCommandRole]: Extract<PostCommand, { type: string }>['type'] };
  events: { [Role in PostEventRole]: PostEvent['type'] };
  /**
   * What the created event means when it says nothing of publication: an article is drafted, a
   * question was asked visible (before question drafts, which say `isPublished: false`).
   */
  createdIsPublished: boolean;
}

function checkArticleFields(fields: PostFields): PostFields {
  const { title, categoryId, tags, content } = checkCommonFields(fields);
  const [description, source, instructions] = [fields.description ?? '', fields.source ?? '', fields.instructions ?? ''];
  requireText(description, 'Description', POST_LIMITS.description, { required: true });
  requireText(source, 'Source', POST_LIMITS.source, { required: false });
  requireText(instructions, 'Instructions', POST_LIMITS.instructions, { required: false });
  return { title, description, categoryId, tags, content, source, instructions };
}

function checkQuestionFields(fields: PostFields): PostFields {
  const { title, categoryId, tags, content } = checkCommonFields(fields);
  return { title, categoryId, tags, content };
}

/** What differs between articles and questions, described once; one decider, one set of handlers, one editor over it. */
export const POST_KINDS = {
  article: {
    kind: 'article',
    entityType: EntityType.Article,
    label: 'Article',
    streamName: articleStreamName,
    notFound: ARTICLE_NOT_FOUND,
    alreadyExists: 'Article already exists.',
    checkFields: checkArticleFields,
    commands: {
      draft: 'DraftArticle',
      edit: 'EditArticle',
      attachFile: 'AttachArticleFile',
      approve: 'ApproveArticle',
      delete: 'DeleteArticle',
    },
    events: {
      created: 'ArticleDrafted',
      edited: 'ArticleEdited',
      published: 'ArticlePublished',
      unpublished: 'ArticleUnpublished',
      approved: 'ArticleApproved',
      unapproved: 'ArticleUnapproved',
      deleted: 'ArticleDeleted',
      defaultImageChosen: 'ArticleDefaultImageChosen',
    },
    createdIsPublished: false,
  },
  question: {
    kind: 'question',
    entityType: EntityType.Question,
    label: 'Question',
    streamName: questionStreamName,
    notFound: QUESTION_NOT_FOUND,
    alreadyExists: 'Question already exists.',
    checkFields: checkQuestionFields,
    commands: {
      draft: 'AskQuestion',
      edit: 'EditQuestion',
      attachFile: 'AttachQuestionFile',
      approve: 'ApproveQuestion',
      delete: 'DeleteQuestion',
    },
    events: {
      created: 'QuestionAsked',
      edited: 'QuestionEdited',
      published: 'QuestionPublished',
      unpublished: 'QuestionUnpublished',
      approved: 'QuestionApproved',
      unapproved: 'QuestionUnapproved',
      deleted: 'QuestionDeleted',
      defaultImageChosen: 'QuestionDefaultImageChosen',
    },
    createdIsPublished: true,
  },
} as const satisfies Record<PostKind, PostKindDescription>;

const KINDS = Object.values(POST_KINDS) as PostKindDescription[];

/** The post kind of an entity type (1 article, 2 question); undefined for any other number. */
export const postKindOf = (entityType: number): PostKind | undefined => KINDS.find((kind) => kind.entityType === entityType)?.kind;

const COMMANDS = new Map(KINDS.flatMap((kind) => Object.entries(kind.commands).map(([role, type]) => [type, { kind, role }] as const)));
const EVENTS = new Map(KINDS.flatMap((kind) => Object.entries(kind.events).map(([role, type]) => [type, { kind, role }] as const)));

/** The kind and role of a post command. */
export function postCommandOf(type: PostCommand['type']): { kind: PostKindDescription; role: PostCommandRole } {
  const found = COMMANDS.get(type);
  if (!found) throw new Error(`Not a post command: ${type}`);
  return { kind: found.kind, role: found.role as PostCommandRole };
}

/** The kind and role of a stored event, or undefined when it is no post event (so a fold skips it). */
export function postEventOf(type: string): { kind: PostKindDescription; role: PostEventRole } | undefined {
  const found = EVENTS.get(type as PostEvent['type']);
  return found && { kind: found.kind, role: found.role as PostEventRole };
}

/** Every post event name of every kind (projections subscribe to them). */
export const POST_EVENT_TYPES: PostEvent['type'][] = [...EVENTS.keys()];

/** Whether a post's created event left it published (projections fold it as the decider does). */
export function isPublishedWhenCreated(event: { type: string; data: unknown }): boolean {
  const { isPublished } = event.data as { isPublished?: boolean };
  return isPublished ?? postEventOf(event.type)?.kind.createdIsPublished ?? false;
}
