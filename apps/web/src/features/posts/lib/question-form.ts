import { NO_DEFAULT_IMAGE_ID, type Question, type Tag } from '@app/contracts';

/** What the ask-question form edits (SPEC §2 'Submit question'). */
export interface QuestionFormValues {
  categoryId: number | null;
  tags: Tag[];
  title: string;
  content: string;
}

export const EMPTY_QUESTION: QuestionFormValues = { categoryId: null, tags: [], title: '', content: '' };

export function questionFormValuesOf(question: Question): QuestionFormValues {
  return {
    categoryId: question.categoryId ?? null,
    tags: (question.tags ?? []).map(({ id, subTag }) => ({ id, subTag })),
    title: question.title ?? '',
    content: question.content ?? '',
  };
}

/** The save body (SPEC §3 question submit model); the id is added by the save itself. */
export function questionRequestOf(values: QuestionFormValues, defaultImageId: number = NO_DEFAULT_IMAGE_ID) {
  return { categoryId: values.categoryId ?? undefined, tags: values.tags, title: values.title, content: values.content, defaultImageId };
}

/** Autosave (as on articles, SPEC §4) watches these fields. */
export function autosaveSnapshotOf(values: QuestionFormValues): string {
  const { title, categoryId, content } = values;
  return JSON.stringify([title, categoryId, content]);
}
