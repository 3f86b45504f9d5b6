import {
  articleCommentCreateRequestSchema,
  questionCommentCreateRequestSchema,
  type ArticleCommentCreateRequest,
  type QuestionCommentCreateRequest,
} from '@app/contracts';
import type { PostKind } from '@app/domain';
import type { ZodType } from 'zod';

/** The create payload of either kind, with the post id under one name. */
export interface CommentCreateRequest {
  postId: number;
  parentId: number;
  content: string;
  attachedFiles: number[];
}

/** SPEC §3: the create payload names its post `articleID` or `questionID`; everything else is shared. */
export const COMMENT_CREATE_SCHEMAS: Record<PostKind, ZodType<CommentCreateRequest>> = {
  article: articleCommentCreateRequestSchema.transform(({ articleID, parentId, content, attachedFiles }: ArticleCommentCreateRequest) => ({
    postId: articleID,
    parentId,
    content,
    attachedFiles,
  })),
  question: questionCommentCreateRequestSchema.transform(
    ({ questionID, parentId, content, attachedFiles }: QuestionCommentCreateRequest) => ({
      postId: questionID,
      parentId,
      content,
      attachedFiles,
    }),
  ),
};
