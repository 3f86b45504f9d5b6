import { useCallback, useEffect, useState } from 'react';
import { getRecentModeration, type RecentModerationEntry } from '@/features/admin/api/moderation-api';

/** The recent moderation feed; `reload` after the admin acts, so their action shows at the top. */
export function useRecentModeration() {
  const [entries, setEntries] = useState<RecentModerationEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getRecentModeration(controller.signal)
      .then((result) => {
        setEntries(result);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { entries, failed, reload };
}
