import { AttachmentType, EntityType } from '@app/contracts';
import { paths } from '@/config/paths';

export type PostKind = 'article' | 'question';

/** Everything that differs between an article and a question in the SPA (SPEC §2), described once. */
export interface PostKindConfig {
  kind: PostKind;
  entityType: typeof EntityType.Article | typeof EntityType.Question;
  label: 'Article' | 'Question';
  /** API resource: /api/Article or /api/Question. */
  resource: 'Article' | 'Question';
  paths: (typeof paths)[PostKind];
  /** Its comments: API resource (/api/ArticleComment), the create payload's post id field, the comment image attachment type. */
  comments: {
    resource: 'ArticleComment' | 'QuestionComment';
    /** Its entity type (flags, issue 27). */
    entityType: typeof EntityType.ArticleComment | typeof EntityType.QuestionComment;
    postIdField: 'articleID' | 'questionID';
    imageType: typeof AttachmentType.ArticleCommentImageAttachment | typeof AttachmentType.QuestionCommentImageAttachment;
  };
}

export const POST_KINDS: Record<PostKind, PostKindConfig> = {
  article: {
    kind: 'article',
    entityType: EntityType.Article,
    label: 'Article',
    resource: 'Article',
    paths: paths.article,
    comments: {
      resource: 'ArticleComment',
      entityType: EntityType.ArticleComment,
      postIdField: 'articleID',
      imageType: AttachmentType.ArticleCommentImageAttachment,
    },
  },
  question: {
    kind: 'question',
    entityType: EntityType.Question,
    label: 'Question',
    resource: 'Question',
    paths: paths.question,
    comments: {
      resource: 'QuestionComment',
      entityType: EntityType.QuestionComment,
      postIdField: 'questionID',
      imageType: AttachmentType.QuestionCommentImageAttachment,
    },
  },
};

/** The kind of a post the API describes by its entity type (anything not a question is an article). */
export function postKindOf(entityType: number): PostKindConfig {
  return entityType === EntityType.Question ? POST_KINDS.question : POST_KINDS.article;
}

/** The view page of a post, with its title slug. */
export function postHref(post: { id: number; entityType: number; title: string }): string {
  return postKindOf(post.entityType).paths.view.getHref(post.id, post.title);
}
