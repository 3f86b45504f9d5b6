import type { Notification } from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, API_BASE } from '@/lib/api-client';

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

/** GET /api/Notification/UnreadCount (auth): read once, then kept by the live stream, or polled while it is down. */
export function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<{ count: number }> {
  return api.get<{ count: number }>('/Notification/UnreadCount', { signal, silent: true });
}

export const UNREAD_POLL_MS = 30_000;

const unreadKey = (viewer: string) => [NOTIFICATIONS_KEY, 'unread', { viewer }];

export function useUnreadCount(viewer: string) {
  const live = useLiveInbox(viewer);
  return useQuery(
    queryOptions({
      queryKey: unreadKey(viewer),
      queryFn: ({ signal }) => getUnreadCount({ signal }),
      refetchInterval: live ? false : UNREAD_POLL_MS,
    }),
  );
}

/** Gives up the stream (and polls instead) after this many failed openings in a row. */
const MAX_STREAM_FAILURES = 3;

/**
 * The live inbox: POST /api/Notification/StreamTicket, then an EventSource on
 * /api/Notification/Stream?ticket=… whose `unread` events set the bell's count and whose
 * `notification` events make the list stale. A ticket lives 60 s, so a stream the browser cannot
 * resume with it is opened afresh with a new one (it starts with the count). True while open.
 */
function useLiveInbox(viewer: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      let ticket: string;
      try {
        ({ ticket } = await api.post<{ ticket: string }>('/Notification/StreamTicket', undefined, { silent: true }));
      } catch {
        return failed();
      }
      if (stopped) return;
      source = new EventSource(`${API_BASE}/Notification/Stream?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener('open', () => {
        failures = 0;
        setLive(true);
        // A fresh stream does not replay what came while none was open: the list reads it again.
        void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY, 'list'] });
      });
      source.addEventListener('unread', (event) => {
        const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
        queryClient.setQueryData(unreadKey(viewer), { count });
      });
      source.addEventListener('notification', () => void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY, 'list'] }));
      source.addEventListener('error', () => {
        // CONNECTING: the browser resumes on its own (Last-Event-ID); CLOSED: the ticket is spent.
        if (source?.readyState === EventSource.CLOSED) failed();
      });
    };
    const failed = () => {
      source?.close();
      source = null;
      setLive(false);
      if (stopped || ++failures > MAX_STREAM_FAILURES) return;
      retry = setTimeout(() => void open(), 1000 * failures);
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setLive(false);
    };
  }, [viewer, queryClient]);
  return live;
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
