import { NO_DEFAULT_IMAGE_ID, type Tag } from '@app/contracts';
import type { PostKind } from '@/config/post-kinds';

/** What the editor edits (SPEC §2 'Submit article', 'Submit question'); a question leaves the article fields empty. */
export interface PostFormValues {
  categoryId: number | null;
  tags: Tag[];
  title: string;
  description: string;
  content: string;
  source: string;
  instructions: string;
}

export const EMPTY_POST: PostFormValues = {
  categoryId: null,
  tags: [],
  title: '',
  description: '',
  content: '',
  source: '',
  instructions: '',
};

/** The record of either kind as GET /api/{Article|Question}/{id} returns it. */
export interface EditedPostRecord {
  categoryId?: number;
  tags?: Tag[];
  title?: string;
  description?: string;
  content?: string;
  source?: string;
  instructions?: string;
  uName?: string;
  /** An article's publish state; false on a question draft, absent once it is posted. */
  isPublished?: boolean;
}

export function postFormValuesOf(post: EditedPostRecord): PostFormValues {
  return {
    categoryId: post.categoryId ?? null,
    tags: (post.tags ?? []).map(({ id, subTag }) => ({ id, subTag })),
    title: post.title ?? '',
    description: post.description ?? '',
    content: post.content ?? '',
    source: post.source ?? '',
    instructions: post.instructions ?? '',
  };
}

/** The save body of the kind (contracts ArticleSaveRequest / QuestionSaveRequest, before parsing); the id is added by the save itself. */
export function postRequestOf(kind: PostKind, values: PostFormValues, isPublished: boolean, defaultImageId: number = NO_DEFAULT_IMAGE_ID) {
  const common = { categoryId: values.categoryId ?? undefined, tags: values.tags, title: values.title, content: values.content };
  const articleFields =
    kind === 'article' ? { description: values.description, source: values.source, instructions: values.instructions } : {};
  return { ...common, ...articleFields, isPublished, defaultImageId };
}

/** SPEC §4 autosave watches these fields only (a question has no description, source or instructions: they stay empty). */
export function autosaveSnapshotOf(values: PostFormValues): string {
  const { title, description, categoryId, content, source, instructions } = values;
  return JSON.stringify([title, description, categoryId, content, source, instructions]);
}
