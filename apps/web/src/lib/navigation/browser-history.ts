import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  NavigationType,
  parsePath,
  type Blocker,
  type BlockerFunction,
  type HistoryRouterProps,
  type Location,
  type NavigateOptions,
  type To,
} from 'react-router-dom';

/**
 * The SPA's history: the browser's, with what React Router's data router did on top of it and
 * the declarative router (`unstable_HistoryRouter`) does not (issue 25: the data router is 17 KB
 * gzip of every first screen): a blocker for unsaved changes and the scroll positions to restore.
 */
export type BrowserHistory = HistoryRouterProps['history'];

export const IDLE_BLOCKER: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

let shouldBlock: BlockerFunction | null = null;
let blocker: Blocker = IDLE_BLOCKER;
const blockerWatchers = new Set<() => void>();

function setBlocker(next: Blocker) {
  blocker = next;
  blockerWatchers.forEach((watch) => watch());
}

/** The page's one blocker (the editor's unsaved changes): null to block nothing. */
export function setShouldBlock(blockWhen: BlockerFunction | null) {
  shouldBlock = blockWhen;
  if (!blockWhen) setBlocker(IDLE_BLOCKER);
}

export const currentBlocker = () => blocker;

export function watchBlocker(watch: () => void): () => void {
  blockerWatchers.add(watch);
  return () => {
    blockerWatchers.delete(watch);
  };
}

/** window.scrollY of each history entry left, by location key; kept for a reload in sessionStorage. */
const SCROLL_POSITIONS_KEY = 'scroll-positions';
export const scrollPositions: Record<string, number> = (() => {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
})();

/** Keys of entries navigated to with `preventScrollReset` (a page's canonical address replacing its own). */
export const keepsScroll = new Set<string>();

/** As the page is left (pagehide): the positions of its entries, for Back after a reload or another site. */
export function persistScrollPositions(currentKey: string) {
  scrollPositions[currentKey] = window.scrollY;
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(scrollPositions));
  } catch {
    // Storage full or denied: positions are restored within this page only.
  }
}

const nextLocationOf = (to: To, state: unknown): Location => ({
  pathname: '/',
  search: '',
  hash: '',
  ...(typeof to === 'string' ? parsePath(to) : to),
  state: state ?? null,
  key: '',
});

export function createGuardedHistory(): BrowserHistory {
  const history = createBrowserHistory({ v5Compat: true });
  /** The entry on screen (on Back, the browser's history has already moved on from it). */
  let shown = history.location;
  let ignoreNextPop = false;

  const blocks = (nextLocation: Location, historyAction: NavigationType) =>
    blocker.state !== 'proceeding' && shouldBlock?.({ currentLocation: shown, nextLocation, historyAction }) === true;

  const navigate =
    (method: 'push' | 'replace') =>
    (to: To, state?: unknown, options?: NavigateOptions): void => {
      const go = () => {
        history[method](to, state);
        if (options?.preventScrollReset) keepsScroll.add(history.location.key);
      };
      const nextLocation = nextLocationOf(to, state);
      if (!blocks(nextLocation, method === 'push' ? NavigationType.Push : NavigationType.Replace)) return go();
      setBlocker({
        state: 'blocked',
        location: nextLocation,
        proceed: () => {
          setBlocker({ state: 'proceeding', location: nextLocation, proceed: undefined, reset: undefined });
          go();
        },
        reset: () => setBlocker(IDLE_BLOCKER),
      });
    };

  return {
    ...history,
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    push: navigate('push'),
    replace: navigate('replace'),
    listen(listener) {
      return history.listen((update) => {
        // Back or Forward out of a page that blocks: the browser has already moved, so move back
        // to the page, and forward again once the reader confirms (as the data router did).
        if (ignoreNextPop) {
          ignoreNextPop = false;
          return;
        }
        const { delta } = update;
        if (update.action === NavigationType.Pop && delta !== null && blocks(update.location, NavigationType.Pop)) {
          ignoreNextPop = true;
          history.go(-delta);
          setBlocker({
            state: 'blocked',
            location: update.location,
            proceed: () => {
              setBlocker({ state: 'proceeding', location: update.location, proceed: undefined, reset: undefined });
              history.go(delta);
            },
            reset: () => setBlocker(IDLE_BLOCKER),
          });
          return;
        }
        scrollPositions[shown.key] = window.scrollY;
        shown = update.location;
        if (blocker !== IDLE_BLOCKER) setBlocker(IDLE_BLOCKER);
        listener(update);
      });
    },
  };
}
