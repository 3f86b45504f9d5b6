import { NO_DEFAULT_IMAGE_ID, type Article, type Tag } from '@app/contracts';

/** What the article submit form edits (SPEC §2 'Submit article'). */
export interface ArticleFormValues {
  categoryId: number | null;
  tags: Tag[];
  title: string;
  description: string;
  content: string;
  source: string;
  instructions: string;
}

export const EMPTY_ARTICLE: ArticleFormValues = {
  categoryId: null,
  tags: [],
  title: '',
  description: '',
  content: '',
  source: '',
  instructions: '',
};

export function articleFormValuesOf(article: Article): ArticleFormValues {
  return {
    categoryId: article.categoryId ?? null,
    tags: (article.tags ?? []).map(({ id, subTag }) => ({ id, subTag })),
    title: article.title ?? '',
    description: article.description ?? '',
    content: article.content ?? '',
    source: article.source ?? '',
    instructions: article.instructions ?? '',
  };
}

/** The save body (contracts ArticleSaveRequest, before parsing); the id is added by the save itself. */
export function articleRequestOf(values: ArticleFormValues, isPublished: boolean, defaultImageId: number = NO_DEFAULT_IMAGE_ID) {
  return {
    categoryId: values.categoryId ?? undefined,
    tags: values.tags,
    title: values.title,
    description: values.description,
    content: values.content,
    source: values.source,
    instructions: values.instructions,
    isPublished,
    defaultImageId,
  };
}

/** SPEC §4 autosave watches these fields only. */
export function autosaveSnapshotOf(values: ArticleFormValues): string {
  const { title, description, categoryId, content, source, instructions } = values;
  return JSON.stringify([title, description, categoryId, content, source, instructions]);
}
