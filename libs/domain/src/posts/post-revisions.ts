import type { PostChange } from '@app/contracts';
import { articleDecider, type ArticleState } from '../article/decider';
import type { ArticleEvent, ArticleEventType } from '../article/events';
import { questionDecider, type QuestionState } from '../question/decider';
import type { QuestionEvent, QuestionEventType } from '../question/events';
import type { PostTag } from './post-fields';
import type { PostKind } from './post-kinds';

/** A post as it stood right after one event of its stream. */
export interface PostSnapshot {
  change: PostChange;
  /** The `at` of the event (business time). */
  at: string;
  authorId: string;
  title: string;
  categoryId: number;
  tags: PostTag[];
  content: string;
  /** Article fields; null for questions. */
  description: string | null;
  source: string | null;
  instructions: string | null;
  isPublished: boolean;
  isApproved: boolean;
  defaultImageId: number;
  deleted: boolean;
}

const ARTICLE_CHANGES: Record<ArticleEventType, PostChange> = {
  ArticleDrafted: 'create',
  ArticleEdited: 'edit',
  ArticlePublished: 'publish',
  ArticleUnpublished: 'unpublish',
  ArticleApproved: 'approve',
  ArticleUnapproved: 'unapprove',
  ArticleDefaultImageChosen: 'default-image',
  ArticleDeleted: 'delete',
};

const QUESTION_CHANGES: Record<QuestionEventType, PostChange> = {
  QuestionAsked: 'create',
  QuestionEdited: 'edit',
  QuestionApproved: 'approve',
  QuestionUnapproved: 'unapprove',
  QuestionDefaultImageChosen: 'default-image',
  QuestionDeleted: 'delete',
};

interface StreamEvent {
  type: string;
  data: unknown;
}

const isArticleEvent = (event: StreamEvent): event is ArticleEvent => Object.hasOwn(ARTICLE_CHANGES, event.type);
const isQuestionEvent = (event: StreamEvent): event is QuestionEvent => Object.hasOwn(QUESTION_CHANGES, event.type);

const atOf = (event: StreamEvent) => (event.data as { at: string }).at;

const articleSnapshot = (state: ArticleState): Omit<PostSnapshot, 'change' | 'at'> => ({
  authorId: state.author,
  title: state.fields?.title ?? '',
  categoryId: state.fields?.categoryId ?? 0,
  tags: state.fields?.tags ?? [],
  content: state.fields?.content ?? '',
  description: state.fields?.description ?? '',
  source: state.fields?.source ?? '',
  instructions: state.fields?.instructions ?? '',
  isPublished: state.isPublished,
  isApproved: state.isApproved,
  defaultImageId: state.defaultImageId,
  deleted: state.deleted,
});

const questionSnapshot = (state: QuestionState): Omit<PostSnapshot, 'change' | 'at'> => ({
  authorId: state.author,
  title: state.fields?.title ?? '',
  categoryId: state.fields?.categoryId ?? 0,
  tags: state.fields?.tags ?? [],
  content: state.fields?.content ?? '',
  description: null,
  source: null,
  instructions: null,
  // Questions have no draft state: asked means published.
  isPublished: true,
  isApproved: state.isApproved,
  defaultImageId: state.defaultImageId,
  deleted: state.deleted,
});

/**
 * The post after each event of its stream, in stream order: the deciders' own `evolve`, stopped
 * after every step instead of only at the end. Events of other types are skipped.
 */
export function postSnapshots<Event extends StreamEvent>(kind: PostKind, events: readonly Event[]): (PostSnapshot & { event: Event })[] {
  const snapshots: (PostSnapshot & { event: Event })[] = [];
  if (kind === 'article') {
    let state = articleDecider.initialState;
    for (const event of events) {
      if (!isArticleEvent(event)) continue;
      state = articleDecider.evolve(state, event);
      snapshots.push({ event, change: ARTICLE_CHANGES[event.type], at: atOf(event), ...articleSnapshot(state) });
    }
  } else {
    let state = questionDecider.initialState;
    for (const event of events) {
      if (!isQuestionEvent(event)) continue;
      state = questionDecider.evolve(state, event);
      snapshots.push({ event, change: QUESTION_CHANGES[event.type], at: atOf(event), ...questionSnapshot(state) });
    }
  }
  return snapshots;
}
