import { AUTOSAVE_MS } from '@app/contracts';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

interface AutosaveOptions {
  /** The watched fields, serialized; a change from the last saved value means unsaved work. */
  snapshot: string;
  valid: boolean;
  /** Saves silently; a failure is retried on the next tick. */
  save: () => Promise<unknown>;
  intervalMs?: number;
}

/**
 * SPEC §4 autosave: every 60 s, silently, when the watched fields changed since the last save and
 * the form is valid. Call `markSaved` with the snapshot a load or a manual save stored.
 */
export function useAutosave({ snapshot, valid, save, intervalMs = AUTOSAVE_MS }: AutosaveOptions): {
  markSaved: (snapshot: string) => void;
} {
  const saved = useRef(snapshot);
  const latest = useRef({ snapshot, valid, save });
  // The interval reads the latest values; the ref is written after render, never during it.
  useLayoutEffect(() => {
    latest.current = { snapshot, valid, save };
  });

  useEffect(() => {
    let saving = false;
    const tick = async () => {
      const current = latest.current;
      if (saving || !current.valid || current.snapshot === saved.current) return;
      saving = true;
      try {
        await current.save();
        saved.current = current.snapshot;
      } catch {
        // silent by design: the next tick tries again
      } finally {
        saving = false;
      }
    };
    const timer = window.setInterval(() => void tick(), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);

  const markSaved = useCallback((value: string) => {
    saved.current = value;
  }, []);
  return { markSaved };
}
