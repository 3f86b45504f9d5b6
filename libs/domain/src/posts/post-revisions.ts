import type { PostChange, PostRevision } from '@app/contracts';
import { postDecider, type PostState } from './post-decider';
import type { PostEvent, PostEventRole } from './post-events';
import type { PostTag } from './post-fields';
import { postEventOf, type PostKind } from './post-kinds';

/** A post as it stood right after one event of its stream: a revision of its history, by account id. */
export interface PostSnapshot extends Omit<PostRevision, 'revision' | 'uName' | 'name' | 'category' | 'tags'> {
  authorId: string;
  tags: PostTag[];
  deleted: boolean;
}

const CHANGES: Record<PostEventRole, PostChange> = {
  created: 'create',
  edited: 'edit',
  published: 'publish',
  unpublished: 'unpublish',
  approved: 'approve',
  unapproved: 'unapprove',
  defaultImageChosen: 'default-image',
  deleted: 'delete',
};

interface StreamEvent {
  type: string;
  data: unknown;
}

const atOf = (event: StreamEvent) => (event.data as { at: string }).at;

function snapshotOf(state: PostState): Omit<PostSnapshot, 'change' | 'at'> | null {
  if (state.status === 'initial') return null;
  const { post } = state;
  const isArticle = post.kind === 'article';
  return {
    authorId: post.authorId,
    title: post.fields.title,
    categoryId: post.fields.categoryId,
    tags: post.fields.tags,
    content: post.fields.content,
    // Article fields; null for questions.
    description: isArticle ? (post.fields.description ?? '') : null,
    source: isArticle ? (post.fields.source ?? '') : null,
    instructions: isArticle ? (post.fields.instructions ?? '') : null,
    isPublished: post.isPublished,
    isApproved: post.isApproved,
    defaultImageId: post.defaultImageId,
    deleted: state.status === 'deleted',
  };
}

/**
 * The post after each event of its stream, in stream order: the deciders' own `evolve`, stopped
 * after every step instead of only at the end. Events of other types are skipped.
 */
export function postSnapshots<Event extends StreamEvent>(kind: PostKind, events: readonly Event[]): (PostSnapshot & { event: Event })[] {
  const snapshots: (PostSnapshot & { event: Event })[] = [];
  let state = postDecider.initialState;
  for (const event of events) {
    const known = postEventOf(event.type);
    if (known?.kind.kind !== kind) continue;
    state = postDecider.evolve(state, event as unknown as PostEvent);
    const snapshot = snapshotOf(state);
    if (snapshot) snapshots.push({ event, change: CHANGES[known.role], at: atOf(event), ...snapshot });
  }
  return snapshots;
}
