import { usePendingRequestCount } from '@/lib/pending-requests';

/** Covers the page while any API request is pending (SPEC §2 Shell). */
export function LoadingOverlay() {
  const pending = usePendingRequestCount();
  if (pending === 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-label="Loading">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
