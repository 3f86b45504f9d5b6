import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUnreadCount } from '@/features/notifications/api/get-notifications';
import '@/features/notifications/notifications.css';

/** The navbar bell: a link to the inbox with the unread count (pushed live by the notification stream; polled if that fails). */
export function NotificationBell({ viewer }: { viewer: string }) {
  const unread = useUnreadCount(viewer);
  const count = unread.data?.count ?? 0;
  return (
    <NavLink
      to={paths.notifications.getHref()}
      className="nav-link"
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
    >
      <span aria-hidden="true">🔔</span>
      {count > 0 && (
        <span className="notification-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
