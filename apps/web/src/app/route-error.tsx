import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isChunkLoadError } from '@/lib/stale-build';

/** Last line of defence when a screen throws while rendering. */
export function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    return (
      <main className="page route-error">
        <h1>This page could not load</h1>
        <p>The site may have been updated since you opened it, or the connection dropped.</p>
        <p>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            Retry
          </button>
        </p>
      </main>
    );
  }
  const detail = error instanceof Error ? error.message : null;
  return (
    <main className="page route-error">
      <h1>Something went wrong</h1>
      {detail && <p>{detail}</p>}
      <p>
        <Link to={paths.home.getHref()}>Back to Home</Link>
      </p>
    </main>
  );
}
