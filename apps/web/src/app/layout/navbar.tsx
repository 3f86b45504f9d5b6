import { useEffect, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/config/paths';
import { NavDropdown } from '@/app/layout/nav-dropdown';
import { NAV_MENUS, type NavMenu } from '@/app/layout/nav-menus';
import { NavbarSearch } from '@/app/layout/navbar-search';
import { ThemeToggle } from '@/app/layout/theme-toggle';

/** The fixed top navbar (SPEC §2 Shell). Menus close on outside click, Escape and route change. */
export function Navbar() {
  const { user, isAdmin, logout } = useAuth();
  const location = useLocation();
  const [expanded, setExpanded] = useState(false);
  const [openMenu, setOpenMenu] = useState<NavMenu['id'] | 'notifications' | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  const closeAll = () => {
    setOpenMenu(null);
    setExpanded(false);
  };

  // Close everything on a route change: adjust the state while rendering, not in an effect.
  const [routeKey, setRouteKey] = useState(location.key);
  if (routeKey !== location.key) {
    setRouteKey(location.key);
    closeAll();
  }

  const anythingOpen = expanded || openMenu !== null;
  useEffect(() => {
    if (!anythingOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) closeAll();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeAll();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [anythingOpen]);

  return (
    <header className="navbar">
      <div className="navbar-inner" ref={containerRef}>
        <Link to={paths.home.getHref()} className="navbar-brand">
          DevCommunity
        </Link>
        <button
          type="button"
          className="navbar-toggle"
          aria-label="Toggle navigation"
          aria-expanded={expanded}
          aria-controls="navbar-menu"
          onClick={() => setExpanded((value) => !value)}
        >
          <Menu aria-hidden="true" size={20} />
        </button>
        <nav id="navbar-menu" className={`navbar-menu${expanded ? ' is-expanded' : ''}`} aria-label="Main">
          <ul className="nav-list">
            <li>
              <NavLink to={paths.home.getHref()} end className="nav-link">
                Home
              </NavLink>
            </li>
            {NAV_MENUS.map((menu) => (
              <NavDropdown
                key={menu.id}
                menu={menu}
                open={openMenu === menu.id}
                onToggle={() => setOpenMenu((current) => (current === menu.id ? null : menu.id))}
                onNavigate={closeAll}
              />
            ))}
          </ul>
          <NavbarSearch onSearch={closeAll} />
          <ul className="nav-list nav-list-end">
            <li>
              <ThemeToggle />
            </li>
            {user ? (
              <>
                <li>
                  <NavLink to={paths.profile.getHref(user.userName)} className="nav-link">
                    {user.name || user.userName}
                  </NavLink>
                </li>
                <NotificationBell
                  viewer={user.userName}
                  open={openMenu === 'notifications'}
                  onToggle={() => setOpenMenu((current) => (current === 'notifications' ? null : 'notifications'))}
                  onNavigate={closeAll}
                />
                <li>
                  <NavLink to={paths.readingList.getHref()} className="nav-link">
                    Reading list
                  </NavLink>
                </li>
                {isAdmin && (
                  <li>
                    <NavLink to={paths.admin.getHref()} className="nav-link">
                      Admin
                    </NavLink>
                  </li>
                )}
                <li>
                  <button type="button" className="nav-link" onClick={() => logout()}>
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <li>
                <NavLink to={paths.auth.login.getHref()} state={{ from: location }} className="nav-link">
                  Login
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
