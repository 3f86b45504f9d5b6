import { ArticleSaveRequest, QuestionSaveRequest, type Article, type Question } from '@app/contracts';
import type { PostFields, PostKind } from '@app/domain';
import type { ReadModelName } from '@app/projections';
import type { ZodType } from 'zod';
import { postTagsOf } from './post-request';
import { articleRecord, questionRecord, type PostRecordOf } from './views/post-records';

/**
 * The read models a post's next screen reads (home, the post page, the moderation history, the
 * search screens): a write answers only once they show it, so a post is findable right after the
 * publish response.
 */
export const POST_READ_MODELS = ['home', 'post-view', 'moderation-log', 'search'] as const satisfies readonly ReadModelName[];

/** What a save body of either kind holds once validated (SPEC §3 submit models). */
export type PostSaveBody = (ArticleSaveRequest | QuestionSaveRequest) & Partial<ArticleSaveRequest>;

/** What differs between the kinds on the wire (SPEC §3, §7): the save body, and the record a reader gets. */
export interface PostKindApi {
  saveRequest: ZodType<PostSaveBody>;
  record: PostRecordOf<Article | Question>;
}

export const POST_API: Record<PostKind, PostKindApi> = {
  article: { saveRequest: ArticleSaveRequest, record: articleRecord },
  question: { saveRequest: QuestionSaveRequest, record: questionRecord },
};

/** The post's fields from a save body (the decider keeps those of its kind). */
export const postFieldsOf = (body: PostSaveBody): PostFields => ({
  title: body.title,
  description: body.description,
  categoryId: body.categoryId,
  tags: postTagsOf(body.tags),
  content: body.content,
  source: body.source ?? '',
  instructions: body.instructions ?? '',
});
