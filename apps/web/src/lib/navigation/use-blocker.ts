import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Blocker, BlockerFunction } from 'react-router-dom';
import { currentBlocker, IDLE_BLOCKER, setShouldBlock, watchBlocker } from '@/lib/navigation/browser-history';

/** React Router's `useBlocker` (a data router's only) for the SPA's history: one blocker at a time. */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => {
    setShouldBlock((args) => latest.current(args));
    return () => setShouldBlock(null);
  }, []);
  return useSyncExternalStore(watchBlocker, currentBlocker, () => IDLE_BLOCKER);
}
