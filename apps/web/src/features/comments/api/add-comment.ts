import type { Comment } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';
import { appendComment, type CommentPages } from '@/features/comments/lib/comment-pages';

export interface NewComment {
  postId: number;
  content: string;
  /** The comment replied to; -1 for a top-level comment. */
  parentId: number;
  /** Ids of the images uploaded into it (attachment type 6 or 7). */
  attachedFiles: number[];
  uName: string;
}

/** POST /api/ArticleComment or /api/QuestionComment (auth; SPEC §3 create payload): answers the new comment. */
export function addComment(kind: PostKindConfig, { postId, content, parentId, attachedFiles, uName }: NewComment): Promise<Comment> {
  return api.post<Comment>(`/${kind.comments.resource}`, { uName, content, attachedFiles, parentId, [kind.comments.postIdField]: postId });
}

/** Adds a comment and shows it at once at the end of the grid (SPEC §4 'Comment added'). */
export function useAddComment(kind: PostKindConfig, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Omit<NewComment, 'postId'>) => addComment(kind, { ...comment, postId }),
    onSuccess: (comment) =>
      queryClient.setQueriesData<CommentPages>({ queryKey: ['comments', kind.kind, postId] }, (data) => appendComment(data, comment)),
  });
}
