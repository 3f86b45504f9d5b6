import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useMarkRead, useNotifications, useUnreadCount } from '@/features/notifications/api/get-notifications';
import { notificationText } from '@/features/notifications/components/notification-text';
import { relativeTime } from '@/lib/relative-time';
import '@/components/components.css';
import '@/features/notifications/notifications.css';

/** How many of the newest notifications the dropdown shows; the rest are on /notifications. */
export const BELL_LATEST = 5;

interface NotificationBellProps {
  viewer: string;
  /** The navbar owns which menu is open (one at a time; closed on outside click, Escape and route change). */
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}

/**
 * The navbar bell: the unread count, and a dropdown with the newest few notifications, 'Mark all
 * read' and a link to the inbox. Both follow the notification stream live (polled if it is down):
 * the stream sets the count and makes the list stale, which the open dropdown reads again.
 */
export function NotificationBell({ viewer, open, onToggle, onNavigate }: NotificationBellProps) {
  const panelId = useId();
  const unread = useUnreadCount(viewer);
  const count = unread.data?.count ?? 0;
  return (
    <li className={`nav-dropdown notification-bell${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        onClick={onToggle}
      >
        <span aria-hidden="true">🔔</span>
        {count > 0 && (
          <span className="notification-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <div id={panelId} className="nav-dropdown-menu notification-menu" hidden={!open}>
        {open && <LatestNotifications viewer={viewer} unread={count} onNavigate={onNavigate} />}
      </div>
    </li>
  );
}

function LatestNotifications({ viewer, unread, onNavigate }: { viewer: string; unread: number; onNavigate: () => void }) {
  const notifications = useNotifications(viewer);
  const markRead = useMarkRead();
  const latest = (notifications.data?.pages[0] ?? []).slice(0, BELL_LATEST);
  return (
    <section aria-label="Latest notifications">
      {notifications.isPending && <p className="notification-menu-note muted">Loading…</p>}
      {notifications.isError && <p className="notification-menu-note muted">The notifications could not be loaded.</p>}
      {notifications.isSuccess && latest.length === 0 && <p className="notification-menu-note muted">No notifications yet.</p>}
      {latest.length > 0 && (
        <ul className="notification-menu-list">
          {latest.map((row) => (
            <li key={row.id} className={row.isRead ? undefined : 'notification-unread'}>
              <Link
                to={row.target.url}
                onClick={() => {
                  if (!row.isRead) markRead.mutate({ ids: [row.id] });
                  onNavigate();
                }}
              >
                {row.isRead ? '' : <span className="visually-hidden">Unread: </span>}
                {notificationText(row)}
                <span className="notification-menu-time"> · {relativeTime(row.createdOn)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="notification-menu-actions">
        {unread > 0 && (
          <button type="button" className="button" onClick={() => markRead.mutate({ all: true })} disabled={markRead.isPending}>
            Mark all read
          </button>
        )}
        <Link to={paths.notifications.getHref()} onClick={onNavigate}>
          See all notifications
        </Link>
      </div>
    </section>
  );
}
