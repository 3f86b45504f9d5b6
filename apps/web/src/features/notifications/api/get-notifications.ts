import type { Notification } from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const NOTIFICATIONS_KEY = 'notifications';

/** GET /api/Notification (auth): newest first, a page after `lastFetchedId` (a row's `seq`). */
export function getNotifications(lastFetchedId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Notification[]> {
  return api.get<Notification[]>(`/Notification?lastFetchedId=${lastFetchedId}&pageSize=${NOTIFICATIONS_PAGE_SIZE}`, {
    signal,
    silent: true,
  });
}

export const getNotificationsQueryOptions = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [NOTIFICATIONS_KEY, 'list', { viewer }],
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, { signal }),
    initialPageParam: -1,
    getNextPageParam: (page: Notification[]) => (page.length < NOTIFICATIONS_PAGE_SIZE ? undefined : page[page.length - 1].seq),
  });

export function useNotifications(viewer: string) {
  return useInfiniteQuery(getNotificationsQueryOptions(viewer));
}

/** GET /api/Notification/UnreadCount (auth), polled while the page is open (live push is not built yet). */
export function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<{ count: number }> {
  return api.get<{ count: number }>('/Notification/UnreadCount', { signal, silent: true });
}

export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount(viewer: string) {
  return useQuery(
    queryOptions({
      queryKey: [NOTIFICATIONS_KEY, 'unread', { viewer }],
      queryFn: ({ signal }) => getUnreadCount({ signal }),
      refetchInterval: UNREAD_POLL_MS,
    }),
  );
}

/** PUT /api/Notification/Read: `{ ids }` or `{ all: true }`; the list and the count are stale afterwards. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { ids: string[] } | { all: true }) =>
      api.put<{ marked: boolean }>('/Notification/Read', request, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] }),
  });
}
