import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { keepsScroll, persistScrollPositions, scrollPositions } from '@/lib/navigation/browser-history';

let keepFirstScroll = false;

/** The reader scrolled the page the server painted before the SPA took over: leave them there. */
export function keepScrollOfFirstPage() {
  keepFirstScroll = true;
}

/** Where the entry was left, else its `#id`, else the top (unless the navigation said to keep it). */
function restoreScroll(location: Location) {
  const saved = scrollPositions[location.key];
  if (typeof saved === 'number') {
    window.scrollTo(0, saved);
    return;
  }
  const target = location.hash ? targetOf(location.hash) : null;
  if (target) target.scrollIntoView();
  else if (!keepsScroll.has(location.key)) window.scrollTo(0, 0);
}

function targetOf(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // Not a decodable id: nothing to scroll to.
    return null;
  }
}

/**
 * React Router's `<ScrollRestoration>` (a data router's only): Back and Forward return to where
 * the reader was on that entry, a link to a `#id` scrolls to it, any other navigation to the top.
 */
export function ScrollRestoration() {
  const location = useLocation();
  /** The location last restored: StrictMode runs a layout effect twice on mount. */
  const restored = useRef<Location | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      persistScrollPositions(location.key);
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (restored.current === location) return;
    const isFirst = restored.current === null;
    restored.current = location;
    if (!(isFirst && keepFirstScroll)) restoreScroll(location);
  }, [location]);

  return null;
}
