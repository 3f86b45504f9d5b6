import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server's paint and while the SPA adopts it (main.tsx hydrates it), true in every
 * render after. What the paint cannot know (the time now, the reader's zone, the page's address)
 * is drawn from it: drawn as the paint drew it first, React keeps the painted DOM and then draws the
 * browser's own in a second render of that part alone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
