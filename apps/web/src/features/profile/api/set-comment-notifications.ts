import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getCommentNotificationsQueryOptions } from '@/features/profile/api/get-comment-notifications';

/** PUT /api/Account/CommentNotifications (auth): turns e-mails about comments on the user's posts and replies on or off. */
export function setCommentNotifications(enabled: boolean): Promise<boolean> {
  return api.put<boolean>('/Account/CommentNotifications', { enabled });
}

export function useSetCommentNotifications(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCommentNotifications,
    onSuccess: (_done, enabled) => queryClient.setQueryData(getCommentNotificationsQueryOptions(userName).queryKey, { enabled }),
  });
}
