import type { CommentNotificationsSetting } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Account/CommentNotifications (auth): whether the caller gets e-mails about comments. */
export function getCommentNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<CommentNotificationsSetting> {
  return api.get<CommentNotificationsSetting>('/Account/CommentNotifications', { signal });
}

/** The viewer is part of the key: the setting is the logged-in user's own. */
export const getCommentNotificationsQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: ['account', userName, 'comment-notifications'],
    queryFn: ({ signal }) => getCommentNotifications({ signal }),
  });

export function useCommentNotifications(userName: string) {
  return useQuery(getCommentNotificationsQueryOptions(userName));
}
