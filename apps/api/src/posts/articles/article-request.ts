import type { ArticleSaveRequest } from '@app/contracts';
import type { ArticleFields } from '@app/domain';
import { postTagsOf } from '../post-request';

export const articleFieldsOf = (body: ArticleSaveRequest): ArticleFields => ({
  title: body.title,
  description: body.description,
  categoryId: body.categoryId,
  tags: postTagsOf(body.tags),
  content: body.content,
  source: body.source ?? '',
  instructions: body.instructions ?? '',
});
