import { EntityType } from '@app/contracts';

export type PostKind = 'article' | 'question';

/** What differs between the article and the question view (SPEC §2). */
export interface PostKindConfig {
  kind: PostKind;
  entityType: typeof EntityType.Article | typeof EntityType.Question;
  label: 'Article' | 'Question';
  /** API resource: /api/Article or /api/Question. */
  resource: 'Article' | 'Question';
  editPath(id: number): string;
}

export const POST_KINDS: Record<PostKind, PostKindConfig> = {
  article: {
    kind: 'article',
    entityType: EntityType.Article,
    label: 'Article',
    resource: 'Article',
    editPath: (id) => `/article/submit?id=${id}`,
  },
  question: {
    kind: 'question',
    entityType: EntityType.Question,
    label: 'Question',
    resource: 'Question',
    editPath: (id) => `/question/ask?id=${id}`,
  },
};
