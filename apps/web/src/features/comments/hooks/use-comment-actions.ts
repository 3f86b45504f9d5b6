import { useQueryClient } from '@tanstack/react-query';
import type { ShowMessage } from '@/components/message-modal';
import type { PostKindConfig } from '@/config/post-kinds';
import { messageOf } from '@/lib/message-of';
import { useAcceptAnswer } from '@/features/comments/api/accept-answer';
import { useAddComment } from '@/features/comments/api/add-comment';
import { useApproveComment } from '@/features/comments/api/approve-comment';
import { useDeleteComment } from '@/features/comments/api/delete-comment';
import { useEditComment } from '@/features/comments/api/edit-comment';
import { commentCountKey } from '@/features/comments/api/get-comment-count';
import { COMMENT_ERROR_TITLE } from '@/features/comments/hooks/use-comment-images';

/** What a comment of the grid can do; add and edit throw for their form, delete and approval report failures in the 'Error' modal. */
export interface CommentActions {
  add: (content: string, attachedFiles: number[], parentId: number) => Promise<unknown>;
  edit: (id: number, content: string) => Promise<unknown>;
  remove: (id: number) => void;
  setApproved: (id: number, isApproved: boolean) => void;
  /** Accepts a question's answer (null clears it); absent for anyone but the question's author and admins (issue 27). */
  accept?: (commentId: number | null) => void;
}

export function useCommentActions(
  kind: PostKindConfig,
  postId: number,
  uName: string,
  showMessage: ShowMessage,
  canAccept = false,
): CommentActions {
  const accept = useAcceptAnswer(kind, postId);
  const add = useAddComment(kind, postId);
  const edit = useEditComment(kind, postId);
  const remove = useDeleteComment(kind, postId);
  const approve = useApproveComment(kind, postId);
  const queryClient = useQueryClient();
  // The heading's count follows every change of what the grid holds.
  const recount = () => void queryClient.invalidateQueries({ queryKey: commentCountKey(kind, postId) });
  const reportFailure = { onError: (error: Error) => showMessage(COMMENT_ERROR_TITLE, messageOf(error)), onSuccess: recount };
  return {
    add: async (content, attachedFiles, parentId) => {
      const added = await add.mutateAsync({ content, attachedFiles, parentId, uName });
      recount();
      return added;
    },
    edit: (id, content) => edit.mutateAsync({ id, content }),
    remove: (id) => remove.mutate(id, reportFailure),
    setApproved: (id, isApproved) => approve.mutate({ id, isApproved }, reportFailure),
    ...(canAccept ? { accept: (commentId: number | null) => accept.mutate(commentId, reportFailure) } : {}),
  };
}
