import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { useMarkRead, useNotifications } from '@/features/notifications/api/get-notifications';
import { notificationText } from '@/features/notifications/components/notification-text';
import { useAuth } from '@/lib/auth-context';
import { messageOf } from '@/lib/message-of';
import { relativeTime } from '@/lib/relative-time';
import '@/features/notifications/notifications.css';

/** /notifications: the inbox, newest first; opening a row marks it read. */
export function NotificationsPage() {
  return (
    <RequireLogin>
      <Inbox />
    </RequireLogin>
  );
}

function Inbox() {
  const { user } = useAuth();
  const notifications = useNotifications(user?.userName ?? '');
  const markRead = useMarkRead();
  const rows = notifications.data?.pages.flat() ?? [];
  return (
    <div className="notifications-page">
      <PageHeading title="Notifications" />
      {rows.some((row) => !row.isRead) && (
        <button type="button" className="button" onClick={() => markRead.mutate({ all: true })} disabled={markRead.isPending}>
          Mark all read
        </button>
      )}
      {notifications.isError && <p className="notice">{messageOf(notifications.error)}</p>}
      {notifications.isSuccess && rows.length === 0 && <p className="muted">No notifications yet.</p>}
      <ul className="notification-list">
        {rows.map((row) => (
          <li key={row.id} className={row.isRead ? 'notification' : 'notification notification-unread'}>
            <Link to={row.target.url} onClick={() => !row.isRead && markRead.mutate({ ids: [row.id] })}>
              {notificationText(row)}
            </Link>
            <span className="muted"> · {relativeTime(row.createdOn)}</span>
          </li>
        ))}
      </ul>
      {notifications.hasNextPage && (
        <button
          type="button"
          className="button"
          onClick={() => void notifications.fetchNextPage()}
          disabled={notifications.isFetchingNextPage}
        >
          Load more
        </button>
      )}
    </div>
  );
}
