import type { QuestionSaveRequest } from '@app/contracts';
import type { QuestionFields } from '@app/domain';
import { postTagsOf } from '../post-request';

export const questionFieldsOf = (body: QuestionSaveRequest): QuestionFields => ({
  title: body.title,
  categoryId: body.categoryId,
  tags: postTagsOf(body.tags),
  content: body.content,
});
