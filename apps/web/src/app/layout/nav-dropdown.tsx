import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { NavMenu } from '@/app/layout/nav-menus';

interface NavDropdownProps {
  menu: NavMenu;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}

export function NavDropdown({ menu, open, onToggle, onNavigate }: NavDropdownProps) {
  const listId = useId();
  return (
    <li className={`nav-dropdown${open ? ' is-open' : ''}`}>
      <button type="button" className="nav-link nav-dropdown-toggle" aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        {menu.label}
      </button>
      <ul id={listId} className="nav-dropdown-menu" hidden={!open} aria-label={menu.label}>
        {menu.shortcuts.map((item) => (
          <li key={item.to}>
            <Link to={item.to} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ))}
        {menu.actions.map((item, index) => (
          // The first action starts the second group: a border, not a separator element (a list holds list items only).
          <li key={item.to} className={index === 0 ? 'nav-dropdown-divider' : undefined}>
            <Link to={item.to} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
