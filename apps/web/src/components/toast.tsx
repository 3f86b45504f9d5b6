import { useCallback, useEffect, useState, type ReactNode } from 'react';
import './components.css';

const TOAST_MS = 4000;

/** A short-lived success notice ('Article Saved'); render `toast`. */
export function useToast(): { showToast: (text: string) => void; toast: ReactNode } {
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  // A new object each time, so the same text shown twice restarts the timer.
  const showToast = useCallback((text: string) => setNotice({ text, at: Date.now() }), []);
  const toast = (
    <div className="toast-region" role="status" aria-live="polite" aria-label="Notification">
      {notice && <p className="toast">{notice.text}</p>}
    </div>
  );
  return { showToast, toast };
}
