import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';
import type { CommentPages } from '@/features/comments/lib/comment-pages';

/** Issue 27: PUT /api/Question/AcceptAnswer (the question's author or an admin); `commentId: null` clears it. */
export function acceptAnswer(body: { questionId: number; commentId: number | null }): Promise<{ acceptedCommentId: number | null }> {
  return api.put<{ acceptedCommentId: number | null }>('/Question/AcceptAnswer', body);
}

/** Accepts (or clears) the answer; the grid's marks follow the result, and the question reloads. */
export function useAcceptAnswer(kind: PostKindConfig, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number | null) => acceptAnswer({ questionId: postId, commentId }),
    onSuccess: ({ acceptedCommentId }) => {
      queryClient.setQueriesData<CommentPages>({ queryKey: ['comments', kind.kind, postId] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                comments: page.comments.map((comment) => ({ ...comment, isAccepted: comment.id === acceptedCommentId })),
              })),
            }
          : data,
      );
    },
  });
}
