import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { openSmallWindow } from '@/features/auth/lib/open-small-window';

/** A link to one of the SPA's screens that opens in a small separate window (SPEC §2). */
export function SmallWindowLink({ to, windowName, children }: { to: string; windowName: string; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep their usual meaning (new tab, new window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!openSmallWindow(to, windowName)) void navigate(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}
